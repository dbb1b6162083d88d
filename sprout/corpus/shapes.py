"""The story shapes of the main generator, and how often each is drawn.

Each shape is one function of the generator's ``random.Random`` that returns paragraphs (lists
of sentences) for one kind of story, built to carry one dependency the chapter shows: an object
named early and needed at the end (journey, lost), a song, list or message said again word for
word (song, shopping, packing, week, message, recipe, goodnight, cumulative), made-up names that
recur (creature, pet, magic, race), "he" and "she" with both genders present (swap). Where a
story has two characters they are a boy and a girl, so that each pronoun has one referent."""

from __future__ import annotations

import random

from .grammar import Person, Place, Thing, and_list, capitalize_first, pick, pick_filled, plural, with_article
from .made_up_names import distinct_made_up_names, made_up_name, magic_word, sound_word
from .sentences import Teller
from .words import WORDS

# Who and what a story is about


def random_child(rng: random.Random, male: bool | None = None, exclude=()) -> Person:
    """A boy or a girl (either, when male is None) with a name from the lists."""
    if male is None:
        male = rng.random() < 0.5
    names = WORDS.boy_names if male else WORDS.girl_names
    while True:
        name = pick(rng, names)
        if name not in exclude:
            return Person(name, male)


def random_adult(rng: random.Random, male: bool) -> Person:
    """ "Dad", "Aunt May": a grown-up, only ever named."""
    return Person(pick(rng, WORDS.male_adults if male else WORDS.female_adults), male)


def random_thing(rng: random.Random, nouns, adj_p: float = 0.6, color_p: float = 0.6) -> Thing:
    """One of the nouns, with a colour or another adjective in adj_p of the draws."""
    noun = pick(rng, nouns)
    adj = ""
    if rng.random() < adj_p:
        adj = pick(rng, WORDS.colors) if rng.random() < color_p else pick(rng, WORDS.object_adjectives)
    return Thing(noun, adj)


# Sentences more than one shape uses (their lists in shapes.toml's [shared])


def _intro(rng: random.Random, x: Person) -> str:
    say = Teller(rng, "shared")
    return say(
        "intro",
        x=x,
        adj=pick(rng, WORDS.kid_adjectives),
        home=pick(rng, WORDS.homes),
        where=pick(rng, WORDS.home_where),
        age=pick(rng, WORDS.ages),
        hobby=pick(rng, WORDS.hobbies).format(x=x),
    )


def _one_day(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "One " + pick(rng, WORDS.one_days)
    return pick(rng, WORDS.time_starts)


# The shapes


def journey_story(rng: random.Random):
    """An object is introduced early, carried through several places, and needed at the end."""
    say = Teller(rng, "journey")
    x = random_child(rng)
    o = random_thing(rng, WORDS.carry_things)
    paras = []
    p1 = [_intro(rng, x), say("treasure", x=x, o=o, g=pick(rng, WORDS.relatives))]
    named = None
    if rng.random() < 0.3:
        named = made_up_name(rng)
        p1.append(f"{x.He} called it {named}.")
    p1.append(say("set_off", x=x, t=_one_day(rng), cl=pick(rng, WORDS.clothes)))
    if rng.random() < 0.5:
        p1.append(pick(rng, WORDS.weather))
    p1.append(say("take", x=x, o=o))
    paras.append(p1)

    n_places = rng.randint(3, 5)
    places = [Place(e) for e in rng.sample(WORDS.places, n_places)]
    thens = rng.sample(WORDS.then_words, n_places - 1)
    meet_at = rng.randrange(1, n_places) if rng.random() < 0.75 else -1
    leave_at = rng.randrange(0, n_places - 1) if rng.random() < 0.3 else -1
    y = random_child(rng, male=not x.male)
    show_at = rng.randrange(n_places)
    body = []
    for i, p in enumerate(places):
        t = "First" if i == 0 else thens[i - 1]
        acts = rng.sample(p.acts, 2)
        body.append(say("go", x=x, p=p, t=t))
        body.append(say("act", x=x, p=p, act=acts[0].format(x=x), act2=acts[1].format(x=x)))
        if i == meet_at:
            o2 = random_thing(rng, WORDS.carry_things)
            body.append(say("meet", x=x, y=y, p=p))
            if rng.random() < 0.6:
                body.append(y.He + " was " + say.pick("friend_doing").format(y=y) + ".")
            for s in rng.sample(say["together"], rng.randint(1, 2)):
                body.append(s.format(x=x, y=y, o2=o2, food=with_article(pick(rng, WORDS.foods))))
            body.append(say("goodbye", x=x, y=y))
        elif rng.random() < 0.5:
            body.append(pick_filled(rng, WORDS.place_remarks, x=x))
        if named and i == show_at:
            body.append(say("show_named", x=x, n=named))
        if i == leave_at:
            body.append(f"{x} had so much fun that {x.he} did not look back when {x.he} left.")
    paras.append(body)

    end = []
    if leave_at >= 0:
        lp = places[leave_at]
        end.append(say("left_behind", x=x, o=o, p=lp))
        end.append(say("went_back", x=x, o=o, p=lp))
    end.append(say("home", x=x))
    end.append(say("tired", x=x))
    spot = pick(rng, WORDS.bed_spots).format(x=x)
    end.append(say("put_away", x=x, o=o, spot=spot))
    if named:
        end.append(say("good_night_named", x=x, n=named))
    end.append(say("sleep", x=x, p=places[-1]))
    paras.append(end)
    return paras


def lost_story(rng: random.Random):
    """Something is put in a hiding place early on; much later that place is remembered."""
    say = Teller(rng, "lost")
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    o = random_thing(rng, WORDS.carry_things)
    room = pick(rng, WORDS.rooms).format(x=x)
    spots = [s.format(x=x) for s in rng.sample(WORDS.hide_spots, 4)]
    hide, search = spots[0], spots[1 : 1 + rng.randint(2, 3)]
    adult = say.pick("grown_up").format(x=x)
    p1 = [_intro(rng, x), say("treasure", x=x, o=o, g=pick(rng, WORDS.relatives))]
    p1.append(say("playing", x=x, o=o, room=room, t=_one_day(rng)))
    p1.append(say("called_away", x=x, ad=adult))
    p1.append(say("hide", x=x, o=o, h=hide))
    paras = [p1]

    p2 = []
    p2.append(say("lunch", x=x, l=pick(rng, WORDS.lunches), l2=say.pick("dish")))
    for c in rng.sample(WORDS.chores, rng.randint(1, 2)):
        p2.append("After that, " + x.he + " " + c.format(x=x, pl=plural(pick(rng, WORDS.animals))) + ".")
    p2.append(say("friend_comes", x=x, y=y))
    p2.append(say("asks_to_see", x=x, y=y, o=o))
    paras.append(p2)

    p3 = [say("missing", x=x, room=room)]
    for s in search:
        p3.append(say("search", x=x, y=y, o=o, s=s, j=pick(rng, WORDS.junk)))
    p3.append(say("upset", x=x, sad=say.pick("sad")))
    p3.append(say("comfort", x=x, y=y))
    paras.append(p3)

    p4 = [say("remember", x=x, o=o, h=hide)]
    p4.append(say("found", x=x, y=y, o=o, h=hide))
    p4.append(say("thanks", x=x, y=y, o=o))
    p4.append(say("play_again", x=x, y=y, o=o))
    p4.append(say("lesson", x=x, o=o, h=hide, safe=pick(rng, WORDS.safe_spots).format(x=x)))
    paras.append(p4)
    return paras


def _make_song(rng: random.Random) -> str:
    say = Teller(rng, "song")
    w = [sound_word(rng) for _ in range(3)]
    head = say("song_start", *w)
    an = pick(rng, WORDS.animals)
    mid = say(
        "song_middle",
        c=pick(rng, WORDS.colors),
        c2=pick(rng, WORDS.colors),
        c3=pick(rng, WORDS.colors),
        a=an,
        ap=plural(an),
        a2=pick(rng, WORDS.animals),
        j=say.pick("song_size"),
        n=pick(rng, WORDS.nature),
        n2=pick(rng, WORDS.nature),
        w=say.pick("song_wind"),
        fd=with_article(pick(rng, WORDS.foods)),
        fd2=with_article(pick(rng, WORDS.foods)),
    )
    end = say(
        "song_end",
        pl=say.pick("song_destination"),
        fe=pick(rng, WORDS.feelings[:6]),
        s=w[0],
        c=pick(rng, WORDS.colors),
        n=pick(rng, WORDS.nature),
        a=pick(rng, WORDS.animals),
        snd=pick(rng, WORDS.sounds),
    )
    return capitalize_first(head + " " + mid + " " + end)


def song_story(rng: random.Random):
    """A song sung again word for word as the story goes on."""
    say = Teller(rng, "song")
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    song = _make_song(rng)
    dest = Place(pick(rng, WORDS.places))
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(say("has_song", x=x, g=pick(rng, WORDS.relatives)))
    p1.append(say("went_like", s=song))
    paras.append(p1)

    p2 = [say("set_off", x=x, p=dest, t=_one_day(rng))]
    an = pick(rng, WORDS.land_animals)
    an_name = made_up_name(rng) if rng.random() < 0.5 else ""
    an_ref = f"{an[0]} named {an_name}" if an_name else an[0]
    short = an_name or ("the " + an[0])
    p2.append(say("meets_animal", x=x, a=with_article(an_ref), pr=say.pick("animal_trouble")))
    p2.append(say("sings_to_animal", x=x, s=song))
    p2.append(say("animal_cheered", x=x, sh=capitalize_first(short), snd=an[1]))
    paras.append(p2)

    p3 = [say("meets_friend", x=x, y=y, p=dest, pr=say.pick("friend_trouble").format(y=y))]
    p3.append(say("sings_again", x=x, s=song, sh=short))
    p3.append(say("friend_cheered", x=x, y=y))
    paras.append(p3)

    p4 = [say("sing_together", x=x, y=y, sh=short, p=dest, s=song)]
    p4.append(say("applause", y=y))
    p4.append(say("happy_ending", x=x))
    paras.append(p4)
    return paras


def shopping_story(rng: random.Random):
    """A shopping list said again and again in the same order."""
    say = Teller(rng, "shopping")
    x = random_child(rng)
    ad = random_adult(rng, not x.male)
    items = rng.sample(WORDS.shop_items, rng.randint(3, 4))
    lst = and_list(items)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(say("errand", x=x, ad=ad, l=lst, t=_one_day(rng)))
    p1.append(say("agrees", x=x, l=lst))
    paras.append(p1)

    p2 = [say("rehearses", x=x, L=capitalize_first(lst))]
    dog = made_up_name(rng)
    p2.append(say("meets_dog", x=x, d=dog))
    p2.append(say("plays_with_dog", x=x, d=dog))
    p2.append(say("forgets", x=x, ad=ad, d=dog))
    p2.append(say("remembers", x=x, L=capitalize_first(lst)))
    paras.append(p2)

    p3 = [say("asks_shopkeeper", x=x, l=lst)]
    if rng.random() < 0.5:
        p3.append(say("shopkeeper", x=x))
    paras.append(p3)
    p4 = [say("home_with_bag", x=x, ad=ad, l=lst)]
    p4.append(say("evening", x=x, ad=ad, d=dog))
    paras.append(p4)
    return paras


def packing_story(rng: random.Random):
    """Two children pack two lists; later each list is unpacked in the same order."""
    say = Teller(rng, "packing")
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    if rng.random() < 0.3:
        dest = "the island of " + made_up_name(rng)
        dest_at = "on " + dest
    else:
        dest, dest_at = pick(rng, WORDS.destinations)
    nouns = rng.sample(WORDS.pack_things, 6)
    cols = rng.sample(WORDS.colors, 6)
    kx, ky = rng.randint(2, 3), rng.randint(2, 3)
    tx = [Thing(n, c if rng.random() < 0.7 else "") for n, c in zip(nouns[:kx], cols[:kx])]
    ty = [Thing(n, c if rng.random() < 0.7 else "") for n, c in zip(nouns[3 : 3 + ky], cols[3 : 3 + ky])]
    la, lb = and_list(t.a for t in tx), and_list(t.a for t in ty)
    la_t, lb_t = and_list(t.the for t in tx), and_list(t.the for t in ty)
    paras = []
    rel = say.pick("relation")
    p1 = [say("trip", x=x, y=y, d=dest, r=rel, t=_one_day(rng))]
    p1.append(say("x_packs", x=x, l=la))
    p1.append(say("y_packs", y=y, l=lb))
    paras.append(p1)
    p2 = [say("travel", v=pick(rng, WORDS.vehicles))]
    p2.append(say("on_the_way", x=x, y=y, s=pick(rng, WORDS.sights), s2=pick(rng, WORDS.sights)))
    paras.append(p2)
    p3 = [say("arrive", d=dest, a=dest_at)]
    p3.append(say("x_unpacks", x=x, l=la_t))
    p3.append(say("y_unpacks", y=y, l=lb_t))
    need = ty[0] if rng.random() < 0.5 else tx[0]
    giver, taker = (y, x) if need is ty[0] else (x, y)
    p3.append(say("forgot", t=taker, n=need.noun, an=with_article(need.noun)))
    p3.append(say("shares", g=giver, t=taker, o=need, n=need.noun))
    paras.append(p3)
    p4 = [say("holiday", d=dest_at)]
    p4.append(say("pack_again", x=x, y=y, l=la_t, l2=lb_t))
    p4.append(say("happy_ending", x=x))
    paras.append(p4)
    return paras


def creature_story(rng: random.Random):
    """A made-up land and a made-up creature whose names recur again and again."""
    say = Teller(rng, "creature")
    x = random_child(rng)
    land, cname = distinct_made_up_names(rng, 2)
    kind, _ = pick(rng, [b for b in WORDS.fantasy if b[1] != ("m" if x.male else "f")])
    male = not x.male
    c = Person(cname, male)
    looks = pick(rng, WORDS.fantasy_looks[kind]).format(c=c)
    adj = pick(rng, WORDS.fantasy_adj)
    paras = []
    p1 = [say("land", b=pick(rng, WORDS.beyond), l=land)]
    p1[0] = capitalize_first(p1[0])
    p1.append(say("lives_there", l=land, a=with_article(adj + " " + kind), c=c))
    p1.append(say("looks", c=c, lk=looks))
    paras.append(p1)

    portal = pick(rng, WORDS.portals)
    p2 = [_intro(rng, x)]
    p2.append(say("finds_portal", x=x, p=portal, t=_one_day(rng)))
    p2.append(pick_filled(rng, WORDS.portal_go, x=x) + " " + say("arrives", x=x, l=land))
    p2.append(say("sees_creature", x=x, c=c, k=kind, lm=pick(rng, WORDS.landmarks)))
    prob, ptype = pick(rng, WORDS.fantasy_problems)
    item = pick(rng, WORDS.fantasy_items)
    fruit = say.pick("fruit")
    p2.append(say("sad", c=c, s=pick(rng, WORDS.sad_feelings[:6])))
    p2.append(say("asks", x=x, c=c))
    p2.append('"' + prob.format(item=item, fruit=fruit)[:-1] + ',"' + " said " + cname + ".")
    paras.append(p2)

    p3 = []
    if ptype == "lost":
        where = say.pick("lost_where")
        p3.append(f"{x} and {cname} looked all over {land}.")
        p3.append(say("finds_item", x=x, i=item, w=where))
        p3.append(say("item_joy", c=c, x=x, i=item))
    elif ptype == "lonely":
        game = say.pick("game")
        p3.append(say("befriends", x=x))
        p3.append(f"So {x} and {cname} played {game} all over {land}.")
        p3.append(say("play_joy", c=c, x=x))
    elif ptype == "broken":
        fix = say.pick("mending")
        p3.append(say("mends", x=x, i=item, f=fix))
        p3.append(say("mended_joy", c=c))
    elif ptype == "reach":
        p3.append(say("picks_fruit", x=x, c=c, fr=fruit))
        p3.append(f"Then {x} and {cname} sat down and shared the {fruit}.")
    elif ptype == "dark":
        p3.append(say("comforts", x=x, c=c))
        p3.append(say("calm", c=c))
    else:
        p3.append(say("birthday", x=x, c=c))
        p3.append(f"{x} told everyone in {land}, and soon there was a big party for {cname}.")
    paras.append(p3)

    gift = Thing(pick(rng, WORDS.gifts))
    p4 = [say("time_to_go", x=x)]
    p4.append(say("gift", c=c, x=x, g=gift))
    p4.append(say("goodbye", x=x, c=c, l=land))
    p4.append(say("keepsake", x=x, c=c, g=gift, k=kind, l=land))
    paras.append(p4)
    return paras


def pet_story(rng: random.Random):
    """A new pet gets a made-up name that recurs through the story."""
    say = Teller(rng, "pet")
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    sib = "brother" if y.male else "sister"
    pet = pick(rng, WORDS.pets)
    pname, other = distinct_made_up_names(rng, 2, pick(rng, (2, 2, 3)))
    ad = say.pick("grown_up").format(x=x)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(say("wanted", x=x, p=with_article(pet)))
    p1.append(say("arrives", x=x, ad=ad, p=pet, t=_one_day(rng)))
    p1.append(say("looks", l=pick(rng, WORDS.pet_looks), p=pet))
    paras.append(p1)

    p2 = [say("naming", x=x, y=y, s=sib)]
    p2.append(say("y_name", y=y, o=other))
    p2.append(say("x_name", x=x, n=pname))
    p2.append(say("agree_name", y=y, n=pname))
    paras.append(p2)

    likes = [s.format(x=x) for s in rng.sample(WORDS.pet_likes, 3)]
    p3 = [f"{pname} liked to {likes[0]}."]
    p3.append(say("also_likes", n=pname, l=likes[1]))
    p3.append(say("routine", x=x, y=y, n=pname))
    paras.append(p3)

    found = say.pick("found_where").format(x=x, y=y)
    doing = say.pick("found_doing")
    p4 = [say("gone", t=_one_day(rng), n=pname, x=x)]
    p4.append(say("search", x=x, y=y, n=pname))
    finder, other_kid = (y, x) if rng.random() < 0.5 else (x, y)
    p4.append(say("found", f=finder, n=pname, w=found))
    p4.append(say("was_doing", n=pname, d=doing))
    p4.append(say("relief", f=finder, o=other_kid, n=pname))
    p4.append(say("best_pet", n=pname, p=pet, x=x, y=y))
    paras.append(p4)
    return paras


def cumulative_story(rng: random.Random):
    """A chain of helpers that grows by one each time, repeated in full every time."""
    say = Teller(rng, "cumulative")
    animals = [a for a, _ in rng.sample(WORDS.land_animals, 5)]
    hero, helpers = animals[0], animals[1 : 1 + rng.randint(2, 4)]
    tiny = pick(rng, [t for t in WORDS.tiny_animals if t not in animals])
    thing = say.pick("thing")
    verb = say.pick("verb")
    hname = made_up_name(rng) if rng.random() < 0.5 else ""
    hero_ref = f"the {hero}" if not hname else hname
    where = say.pick("where")
    goal = say.pick("goal")
    paras = []
    p1 = [
        say(
            "finds",
            a=(with_article(hero) if not hname else f"{with_article(hero)} named {hname}"),
            t=thing,
            w=where,
            d=pick(rng, WORDS.one_days),
            T=pick(rng, WORDS.time_starts),
        )
    ]
    p1.append(f"{capitalize_first(hero_ref)} wanted to {goal}.")
    p1.append(f"{capitalize_first(hero_ref)} {verb}, but the {thing} did not move.")
    paras.append(p1)
    team = [hero_ref]
    ask = say.pick("ask")
    agree = say.pick("agree")
    for n in helpers:
        para = [f"So {hero_ref} went to find the {n}."]
        para.append(ask.format(h=hero_ref, H=capitalize_first(hero_ref)))
        para.append(agree.format(n=n))
        team.append("the " + n)
        para.append(capitalize_first(and_list(team)) + " " + verb + ", but the " + thing + " did not move.")
        paras.append(para)
    last = [f"Then a tiny {tiny} came by."]
    last.append(say("tiny_offers", t=tiny))
    team.append("the " + tiny)
    last.append(capitalize_first(and_list(team)) + " " + verb + ", and at last the " + thing + " moved!")
    paras.append(last)
    end = [say("cheer")]
    food = thing.split(" ")[-1]
    if food in ("pumpkin", "carrot", "turnip", "watermelon", "cabbage", "beet"):
        end.append(f"That night, they made soup from the {food} and shared it, and the {tiny} got the first bowl.")
    end.append(say("thanks", s=tiny, H=capitalize_first(hero_ref), h=hero_ref))
    paras.append(end)
    return paras


def swap_story(rng: random.Random):
    """A boy and a girl swap toys: dense he/she/him/her with both genders present."""
    say = Teller(rng, "swap")
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    (tx, ax), (ty, ay) = rng.sample(WORDS.toy_acts, 2)
    ox = Thing(tx, pick(rng, WORDS.colors) if rng.random() < 0.5 else "")
    oy = Thing(ty, pick(rng, WORDS.colors) if rng.random() < 0.5 else "")
    paras = []
    p1 = [say("friends", x=x, y=y)]
    p1.append(say("have", x=x, y=y, a=ox.a, b=oy.a))
    p1.append(say("play", x=x, y=y, a=ox.noun, b=oy.noun, ax=ax, ay=ay))
    paras.append(p1)
    p2 = [say("proposes", x=x, y=y, t=_one_day(rng))]
    p2.append(say("swap", x=x, y=y, a=ox.the, b=oy.the, an=ox.noun, bn=oy.noun))
    p2.append(f"{x.He} {ay}. {y.He} {ax}.")
    paras.append(p2)
    trouble = say.pick("accident")
    p3 = [trouble.format(x=x, y=y, a=ox.the, b=oy.the, bn=oy.noun)]
    p3.append(say("sorry", x=x, y=y))
    paras.append(p3)
    p4 = [say("together", x=x, y=y, a=ox.the, b=oy.the)]
    p4.append(say("lesson", x=x, y=y, a=ox.the, b=oy.the))
    paras.append(p4)
    return paras


def week_story(rng: random.Random):
    """A counting week, then the whole list said again in order."""
    say = Teller(rng, "week")
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    ndays = rng.randint(4, 6)
    start = rng.randint(0, 7 - ndays - 1) if ndays < 7 else 0
    use_found = rng.random() < 0.35
    pool = WORDS.collectibles if use_found else WORDS.week_animals
    things = rng.sample(pool, ndays)
    verb = "found" if use_found else "saw"
    counted = []
    for i, t in enumerate(things):
        counted.append(WORDS.numbers[i] + " " + (t if i == 0 else plural(t)))
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(say("counts", x=x))
    paras.append(p1)
    p2 = []
    wheres = rng.sample(WORDS.see_places, ndays)
    for i in range(ndays):
        day = WORDS.days[start + i]
        who = x.name if i == 0 or rng.random() < 0.3 else x.he
        p2.append(say("day", d=day, w=who, v=verb, c=counted[i], p=wheres[i]))
        if rng.random() < 0.35:
            p2.append(say("remark", x=x, j=say.pick("day_kind")))
    paras.append(p2)
    day = WORDS.days[start + ndays]
    lst = and_list(counted)
    p3 = [say("tells", d=day, x=x, y=y)]
    p3.append(say("tally", x=x, v=verb, l=lst))
    p3.append(say("impressed", x=x, y=y, L=capitalize_first(lst)))
    p3.append(say("will_count", x=x, y=y))
    paras.append(p3)
    return paras


def magic_story(rng: random.Random):
    """A magic word (made up) and its teacher's made-up name, used again and again."""
    say = Teller(rng, "magic")
    x = random_child(rng)
    # A magic teacher of the other gender (or of either), so "he"/"she" is never ambiguous.
    kind, _ = pick(rng, [b for b in WORDS.magic_beings if b[1] != ("m" if x.male else "f")])
    male = not x.male
    m = Person(made_up_name(rng), male)
    word = magic_word(rng)
    jobs = rng.sample(WORDS.magic_jobs, 3)
    uses = rng.sample(
        say["uses"],
        3,
    )
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(say("meets_teacher", x=x, k=kind, ka=with_article(kind), m=m, t=_one_day(rng)))
    p1.append(say("offers_word", x=x, m=m))
    p1.append(say("tells_word", w=word, m=m))
    paras.append(p1)
    starts = [say.pick("first_start")]
    starts += rng.sample(say["later_start"], 2)
    for i, (prob, res) in enumerate(jobs):
        para = [starts[i]]
        pf = prob.format(x=x)
        if starts[i] and pf.startswith(("The ", "A ", "It ")):
            pf = pf[0].lower() + pf[1:]
        para[0] += pf
        para[0] = capitalize_first(para[0])
        para.append(uses[i].format(x=x, w=word, r=res.format(x=x)))
        if i == 1 and rng.random() < 0.5:
            para.append(f"{x} could not believe it. {m.name} was right!")
        paras.append(para)
    end = [say("used_up", x=x)]
    end.append(say("thanks", x=x, m=m, w=word))
    end.append(say("remembers", x=x, m=m, w=word))
    paras.append(end)
    return paras


def race_story(rng: random.Random):
    """Two named animals race along a route; the route is retold on the way back."""
    say = Teller(rng, "race")
    (a1, _), (a2, _) = rng.sample(WORDS.land_animals, 2)
    n1, n2 = distinct_made_up_names(rng, 2)
    male = rng.random() < 0.5
    r1 = Person(n1, male)
    r2 = Person(n2, not male)
    route = rng.sample(WORDS.race_routes, rng.randint(3, 4))
    judge = say.pick("judge")
    paras = []
    p1 = [say("a_is", a=r1, j=with_article(say.pick("fast_kind")), k=a1)]
    p1.append(say("boasts", a=r1))
    p1.append(say("b_is", b=r2, j=with_article(say.pick("slow_kind")), k=a2))
    p1.append(say("challenge", a=r1, b=r2))
    paras.append(p1)
    path = and_list(route)
    p2 = [say("rules", j=capitalize_first(judge), jl=judge, p=path)]
    p2.append(say("go", j=judge, J=capitalize_first(judge)))
    p2.append(say("a_runs", a=r1))
    p2.append(say("b_walks", b=r2))
    paras.append(p2)
    stop = pick(rng, WORDS.race_stops).format(c=r1)
    p3 = [say("a_rests", a=r1, b=r2, p=route[1], s=stop)]
    p3.append(say("b_passes", b=r2, p=and_list(route)))
    p3.append(say("wakes", a=r1, b=r2))
    paras.append(p3)
    p4 = [say("too_late", a=r1, b=r2)]
    p4.append(say("wins", b=r2, j=judge, J=capitalize_first(judge)))
    p4.append(say("congratulates", a=r1, b=r2))
    p4.append(say("moral", a=r1, b=r2))
    paras.append(p4)
    return paras


def message_story(rng: random.Random):
    """A message passed along a chain, word for word."""
    say = Teller(rng, "message")
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    msg = pick(rng, WORDS.message_a) + ", so " + pick(rng, WORDS.message_b)
    chain = [a for a, _ in rng.sample(WORDS.land_animals, rng.randint(2, 4))]
    if rng.random() < 0.6:
        village = made_up_name(rng)
        far = say.pick("village").format(v=village)
        to_y = f"{y} in {village}"
    else:
        far = say.pick("far_place")
        to_y = y.name
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(say("lives_far", x=x, y=y, f=far))
    p1.append(say("news", x=x, y=y, t=_one_day(rng)))
    p1.append(say("too_far", x=x))
    paras.append(p1)
    prev = None
    for i, an in enumerate(chain):
        para = []
        if i == 0:
            para.append(say("asks_animal", x=x, y=to_y, a=an, m=msg))
            para.append(f"The {an} said yes and ran off.")
        else:
            para.append(say("passes_on", p=prev, a=an, y=to_y, m=msg, n=pick(rng, WORDS.nature)))
            para.append(say("hurries", a=an))
        prev = an
        paras.append(para)
    last = [say("delivers", a=prev, y=y, x=x, m=msg)]
    last.append(say("sets_off", y=y, a=prev, x=x))
    last.append(say("arrives", x=x, y=y))
    last.append(say("animals_came", x=x))
    paras.append(last)
    return paras


def recipe_story(rng: random.Random):
    """Steps of a recipe taught once and recited later in the same order."""
    say = Teller(rng, "recipe")
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    ad = random_adult(rng, not x.male)
    dish, steps = pick(rng, WORDS.recipes)
    bare = dish[2:] if dish.startswith("a ") else dish
    if rng.random() < 0.4:
        bare = made_up_name(rng, pick(rng, (2, 3))) + " " + bare
        dish = ("a " + bare) if dish.startswith("a ") else bare
    steps = list(steps)
    said = "First " + ", then ".join(steps) + "."
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(say("cook", t=_one_day(rng), a=ad, x=x, d=dish))
    p1.append(f'"Listen carefully," said {ad}. "{said}"')
    p1.append(say("steps", x=x, s0=steps[0], s1=steps[1]))
    p1.append(say("smell", x=x))
    paras.append(p1)
    p2 = [say("friend_visits", x=x, y=y)]
    p2.append(say("asks", y=y, d=dish))
    p2.append(say("teaches", x=x, s=said, sc=said[:-1] + ","))
    p2.append(say("success", x=x, y=y, d=dish, b=bare))
    p2.append(say("proud", x=x, a=ad, d=dish))
    paras.append(p2)
    return paras


def goodnight_story(rng: random.Random):
    """Saying good night to a list of things, in the same order, twice."""
    say = Teller(rng, "goodnight")
    x = random_child(rng)
    ad = random_adult(rng, not x.male)
    things = rng.sample(WORDS.goodnight_things, rng.randint(3, 5))
    toy = random_thing(rng, WORDS.carry_things, adj_p=0.5)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(say("habit", x=x))
    p1.append(say("toy", x=x, t=toy))
    gn = " ".join(f"Good night, {t}." for t in things)
    p1.append(say("says_good_night", x=x, g=gn))
    paras.append(p1)
    p2 = [say("away", t=say.pick("when"), x=x, a=ad)]
    p2.append(say("evening", a=ad, x=x, p=plural(pick(rng, WORDS.animals)), l=pick(rng, WORDS.lunches)))
    p2.append(say("sleepless", x=x))
    p2.append(say("asks", a=ad))
    p2.append(say("says_it_there", x=x, t=toy, g=gn))
    p2.append(say("asleep", x=x, a=ad))
    paras.append(p2)
    return paras


# Every shape and how often it is drawn, out of the sum of the weights.
SHAPES = (
    (journey_story, 4),
    (lost_story, 4),
    (song_story, 3),
    (shopping_story, 3),
    (packing_story, 2),
    (creature_story, 4),
    (pet_story, 3),
    (cumulative_story, 2),
    (swap_story, 3),
    (week_story, 2),
    (magic_story, 3),
    (race_story, 2),
    (message_story, 2),
    (recipe_story, 2),
    (goodnight_story, 1),
)
