"""The story shapes of the main generator, and how often each is drawn.

Each shape is one function of the generator's ``random.Random`` that returns paragraphs (lists
of sentences) for one kind of story, built to carry one dependency the chapter shows: an object
named early and needed at the end (journey, lost), a song, list or message said again word for
word (song, shopping, packing, week, message, recipe, goodnight, cumulative), made-up names that
recur (creature, pet, magic, race), "he" and "she" with both genders present (swap). Where a
story has two characters they are a boy and a girl, so that each pronoun has one referent.

The sentences are data: each shape's lists sit in its table of shapes.toml, and the shape draws
from them through a ``Teller`` (sentences.py) by name, ``say("hide", h=spot)``, with the story's
cast filled in. What stays here is the plot: who is in the story, what is drawn in which order,
and which sentence follows which."""

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
    x = random_child(rng)
    o = random_thing(rng, WORDS.carry_things)
    say = Teller(rng, "journey", x=x, o=o)
    p1 = [_intro(rng, x), say("treasure", g=pick(rng, WORDS.relatives))]
    named = None
    if rng.random() < 0.3:
        named = made_up_name(rng)
        p1.append(f"{x.He} called it {named}.")
    p1.append(say("set_off", t=_one_day(rng), cl=pick(rng, WORDS.clothes)))
    if rng.random() < 0.5:
        p1.append(pick(rng, WORDS.weather))
    p1.append(say("take"))
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
        body.append(say("go", p=p, t=t))
        body.append(say("act", p=p, act=acts[0].format(x=x), act2=acts[1].format(x=x)))
        if i == meet_at:
            o2 = random_thing(rng, WORDS.carry_things)
            body.append(say("meet", y=y, p=p))
            if rng.random() < 0.6:
                body.append(y.He + " was " + say.pick("friend_doing").format(y=y) + ".")
            for s in rng.sample(say["together"], rng.randint(1, 2)):
                body.append(s.format(x=x, y=y, o2=o2, food=with_article(pick(rng, WORDS.foods))))
            body.append(say("goodbye", y=y))
        elif rng.random() < 0.5:
            body.append(pick_filled(rng, WORDS.place_remarks, x=x))
        if named and i == show_at:
            body.append(say("show_named", n=named))
        if i == leave_at:
            body.append(f"{x} had so much fun that {x.he} did not look back when {x.he} left.")
    end = []
    if leave_at >= 0:
        lp = places[leave_at]
        end.append(say("left_behind", p=lp))
        end.append(say("went_back", p=lp))
    end.append(say("home"))
    end.append(say("tired"))
    spot = pick(rng, WORDS.bed_spots).format(x=x)
    end.append(say("put_away", spot=spot))
    if named:
        end.append(say("good_night_named", n=named))
    end.append(say("sleep", p=places[-1]))
    return [p1, body, end]


def lost_story(rng: random.Random):
    """Something is put in a hiding place early on; much later that place is remembered."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    o = random_thing(rng, WORDS.carry_things)
    room = pick(rng, WORDS.rooms).format(x=x)
    say = Teller(rng, "lost", x=x, y=y, o=o, room=room)
    spots = [s.format(x=x) for s in rng.sample(WORDS.hide_spots, 4)]
    hide, search = spots[0], spots[1 : 1 + rng.randint(2, 3)]
    adult = say.pick("grown_up").format(x=x)
    p1 = [_intro(rng, x), say("treasure", g=pick(rng, WORDS.relatives)), say("playing", t=_one_day(rng))]
    p1.append(say("called_away", ad=adult))
    p1.append(say("hide", h=hide))
    p2 = [say("lunch", l=pick(rng, WORDS.lunches), l2=say.pick("dish"))]
    for c in rng.sample(WORDS.chores, rng.randint(1, 2)):
        p2.append("After that, " + x.he + " " + c.format(x=x, pl=plural(pick(rng, WORDS.animals))) + ".")
    p2.append(say("friend_comes"))
    p2.append(say("asks_to_see"))
    p3 = [say("missing")]
    for s in search:
        p3.append(say("search", s=s, j=pick(rng, WORDS.junk)))
    p3.append(say("upset", sad=say.pick("sad")))
    p3.append(say("comfort"))
    p4 = [say("remember", h=hide), say("found", h=hide), say("thanks"), say("play_again")]
    p4.append(say("lesson", h=hide, safe=pick(rng, WORDS.safe_spots).format(x=x)))
    return [p1, p2, p3, p4]


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
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    say = Teller(rng, "song", x=x, y=y)
    song = _make_song(rng)
    dest = Place(pick(rng, WORDS.places))
    p1 = [_intro(rng, x), say("has_song", g=pick(rng, WORDS.relatives)), say("went_like", s=song)]
    p2 = [say("set_off", p=dest, t=_one_day(rng))]
    an = pick(rng, WORDS.land_animals)
    an_name = made_up_name(rng) if rng.random() < 0.5 else ""
    an_ref = f"{an[0]} named {an_name}" if an_name else an[0]
    short = an_name or ("the " + an[0])
    p2.append(say("meets_animal", a=with_article(an_ref), pr=say.pick("animal_trouble")))
    p2.append(say("sings_to_animal", s=song))
    p2.append(say("animal_cheered", sh=capitalize_first(short), snd=an[1]))
    p3 = [say("meets_friend", p=dest, pr=say.pick("friend_trouble").format(y=y)), say("sings_again", s=song, sh=short)]
    p3.append(say("friend_cheered"))
    p4 = [say("sing_together", sh=short, p=dest, s=song), say("applause"), say("happy_ending")]
    return [p1, p2, p3, p4]


def shopping_story(rng: random.Random):
    """A shopping list said again and again in the same order."""
    x = random_child(rng)
    ad = random_adult(rng, not x.male)
    say = Teller(rng, "shopping", x=x, ad=ad)
    items = rng.sample(WORDS.shop_items, rng.randint(3, 4))
    lst = and_list(items)
    p1 = [_intro(rng, x), say("errand", l=lst, t=_one_day(rng)), say("agrees", l=lst)]
    p2 = [say("rehearses", L=capitalize_first(lst))]
    dog = made_up_name(rng)
    p2.append(say("meets_dog", d=dog))
    p2.append(say("plays_with_dog", d=dog))
    p2.append(say("forgets", d=dog))
    p2.append(say("remembers", L=capitalize_first(lst)))
    p3 = [say("asks_shopkeeper", l=lst)]
    if rng.random() < 0.5:
        p3.append(say("shopkeeper"))
    p4 = [say("home_with_bag", l=lst), say("evening", d=dog)]
    return [p1, p2, p3, p4]


def packing_story(rng: random.Random):
    """Two children pack two lists; later each list is unpacked in the same order."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    say = Teller(rng, "packing", x=x, y=y)
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
    rel = say.pick("relation")
    p1 = [say("trip", d=dest, r=rel, t=_one_day(rng)), say("x_packs", l=la), say("y_packs", l=lb)]
    p2 = [say("travel", v=pick(rng, WORDS.vehicles))]
    p2.append(say("on_the_way", s=pick(rng, WORDS.sights), s2=pick(rng, WORDS.sights)))
    p3 = [say("arrive", d=dest, a=dest_at), say("x_unpacks", l=la_t), say("y_unpacks", l=lb_t)]
    need = ty[0] if rng.random() < 0.5 else tx[0]
    giver, taker = (y, x) if need is ty[0] else (x, y)
    p3.append(say("forgot", t=taker, n=need.noun, an=with_article(need.noun)))
    p3.append(say("shares", g=giver, t=taker, o=need, n=need.noun))
    p4 = [say("holiday", d=dest_at), say("pack_again", l=la_t, l2=lb_t), say("happy_ending")]
    return [p1, p2, p3, p4]


def creature_story(rng: random.Random):
    """A made-up land and a made-up creature whose names recur again and again."""
    x = random_child(rng)
    land, cname = distinct_made_up_names(rng, 2)
    kind, _ = pick(rng, [b for b in WORDS.fantasy if b[1] != ("m" if x.male else "f")])
    male = not x.male
    c = Person(cname, male)
    say = Teller(rng, "creature", x=x, c=c)
    looks = pick(rng, WORDS.fantasy_looks[kind]).format(c=c)
    adj = pick(rng, WORDS.fantasy_adj)
    p1 = [say("land", b=pick(rng, WORDS.beyond), l=land)]
    p1[0] = capitalize_first(p1[0])
    p1.append(say("lives_there", l=land, a=with_article(adj + " " + kind)))
    p1.append(say("looks", lk=looks))
    portal = pick(rng, WORDS.portals)
    p2 = [_intro(rng, x), say("finds_portal", p=portal, t=_one_day(rng))]
    p2.append(pick_filled(rng, WORDS.portal_go, x=x) + " " + say("arrives", l=land))
    p2.append(say("sees_creature", k=kind, lm=pick(rng, WORDS.landmarks)))
    prob, ptype = pick(rng, WORDS.fantasy_problems)
    item = pick(rng, WORDS.fantasy_items)
    fruit = say.pick("fruit")
    p2.append(say("sad", s=pick(rng, WORDS.sad_feelings[:6])))
    p2.append(say("asks"))
    p2.append('"' + prob.format(item=item, fruit=fruit)[:-1] + ',"' + " said " + cname + ".")
    p3 = []
    if ptype == "lost":
        where = say.pick("lost_where")
        p3.append(f"{x} and {cname} looked all over {land}.")
        p3.append(say("finds_item", i=item, w=where))
        p3.append(say("item_joy", i=item))
    elif ptype == "lonely":
        game = say.pick("game")
        p3.append(say("befriends"))
        p3.append(f"So {x} and {cname} played {game} all over {land}.")
        p3.append(say("play_joy"))
    elif ptype == "broken":
        fix = say.pick("mending")
        p3.append(say("mends", i=item, f=fix))
        p3.append(say("mended_joy"))
    elif ptype == "reach":
        p3.append(say("picks_fruit", fr=fruit))
        p3.append(f"Then {x} and {cname} sat down and shared the {fruit}.")
    elif ptype == "dark":
        p3.append(say("comforts"))
        p3.append(say("calm"))
    else:
        p3.append(say("birthday"))
        p3.append(f"{x} told everyone in {land}, and soon there was a big party for {cname}.")
    gift = Thing(pick(rng, WORDS.gifts))
    p4 = [say("time_to_go"), say("gift", g=gift), say("goodbye", l=land), say("keepsake", g=gift, k=kind, l=land)]
    return [p1, p2, p3, p4]


def pet_story(rng: random.Random):
    """A new pet gets a made-up name that recurs through the story."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    say = Teller(rng, "pet", x=x, y=y)
    sib = "brother" if y.male else "sister"
    pet = pick(rng, WORDS.pets)
    pname, other = distinct_made_up_names(rng, 2, pick(rng, (2, 2, 3)))
    ad = say.pick("grown_up").format(x=x)
    p1 = [_intro(rng, x), say("wanted", p=with_article(pet)), say("arrives", ad=ad, p=pet, t=_one_day(rng))]
    p1.append(say("looks", l=pick(rng, WORDS.pet_looks), p=pet))
    p2 = [say("naming", s=sib), say("y_name", o=other), say("x_name", n=pname), say("agree_name", n=pname)]
    likes = [s.format(x=x) for s in rng.sample(WORDS.pet_likes, 3)]
    p3 = [f"{pname} liked to {likes[0]}.", say("also_likes", n=pname, l=likes[1]), say("routine", n=pname)]
    found = say.pick("found_where").format(x=x, y=y)
    doing = say.pick("found_doing")
    p4 = [say("gone", t=_one_day(rng), n=pname), say("search", n=pname)]
    finder, other_kid = (y, x) if rng.random() < 0.5 else (x, y)
    p4.append(say("found", f=finder, n=pname, w=found))
    p4.append(say("was_doing", n=pname, d=doing))
    p4.append(say("relief", f=finder, o=other_kid, n=pname))
    p4.append(say("best_pet", n=pname, p=pet))
    return [p1, p2, p3, p4]


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
        para = [f"So {hero_ref} went to find the {n}.", ask.format(h=hero_ref, H=capitalize_first(hero_ref))]
        para.append(agree.format(n=n))
        team.append("the " + n)
        para.append(capitalize_first(and_list(team)) + " " + verb + ", but the " + thing + " did not move.")
        paras.append(para)
    last = [f"Then a tiny {tiny} came by.", say("tiny_offers", t=tiny)]
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
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    say = Teller(rng, "swap", x=x, y=y)
    (tx, ax), (ty, ay) = rng.sample(WORDS.toy_acts, 2)
    ox = Thing(tx, pick(rng, WORDS.colors) if rng.random() < 0.5 else "")
    oy = Thing(ty, pick(rng, WORDS.colors) if rng.random() < 0.5 else "")
    p1 = [say("friends"), say("have", a=ox.a, b=oy.a), say("play", a=ox.noun, b=oy.noun, ax=ax, ay=ay)]
    p2 = [say("proposes", t=_one_day(rng)), say("swap", a=ox.the, b=oy.the, an=ox.noun, bn=oy.noun)]
    p2.append(f"{x.He} {ay}. {y.He} {ax}.")
    trouble = say.pick("accident")
    p3 = [trouble.format(x=x, y=y, a=ox.the, b=oy.the, bn=oy.noun), say("sorry")]
    p4 = [say("together", a=ox.the, b=oy.the), say("lesson", a=ox.the, b=oy.the)]
    return [p1, p2, p3, p4]


def week_story(rng: random.Random):
    """A counting week, then the whole list said again in order."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    say = Teller(rng, "week", x=x, y=y)
    ndays = rng.randint(4, 6)
    start = rng.randint(0, 7 - ndays - 1) if ndays < 7 else 0
    use_found = rng.random() < 0.35
    pool = WORDS.collectibles if use_found else WORDS.week_animals
    things = rng.sample(pool, ndays)
    verb = "found" if use_found else "saw"
    counted = []
    for i, t in enumerate(things):
        counted.append(WORDS.numbers[i] + " " + (t if i == 0 else plural(t)))
    p1 = [_intro(rng, x), say("counts")]
    p2 = []
    wheres = rng.sample(WORDS.see_places, ndays)
    for i in range(ndays):
        day = WORDS.days[start + i]
        who = x.name if i == 0 or rng.random() < 0.3 else x.he
        p2.append(say("day", d=day, w=who, v=verb, c=counted[i], p=wheres[i]))
        if rng.random() < 0.35:
            p2.append(say("remark", j=say.pick("day_kind")))
    day = WORDS.days[start + ndays]
    lst = and_list(counted)
    p3 = [say("tells", d=day), say("tally", v=verb, l=lst), say("impressed", L=capitalize_first(lst))]
    p3.append(say("will_count"))
    return [p1, p2, p3]


def magic_story(rng: random.Random):
    """A magic word (made up) and its teacher's made-up name, used again and again."""
    x = random_child(rng)
    # A magic teacher of the other gender (or of either), so "he"/"she" is never ambiguous.
    kind, _ = pick(rng, [b for b in WORDS.magic_beings if b[1] != ("m" if x.male else "f")])
    male = not x.male
    m = Person(made_up_name(rng), male)
    say = Teller(rng, "magic", x=x, m=m)
    word = magic_word(rng)
    jobs = rng.sample(WORDS.magic_jobs, 3)
    uses = rng.sample(
        say["uses"],
        3,
    )
    paras = []
    p1 = [_intro(rng, x), say("meets_teacher", k=kind, ka=with_article(kind), t=_one_day(rng)), say("offers_word")]
    p1.append(say("tells_word", w=word))
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
    end = [say("used_up"), say("thanks", w=word), say("remembers", w=word)]
    paras.append(end)
    return paras


def race_story(rng: random.Random):
    """Two named animals race along a route; the route is retold on the way back."""
    (a1, _), (a2, _) = rng.sample(WORDS.land_animals, 2)
    n1, n2 = distinct_made_up_names(rng, 2)
    male = rng.random() < 0.5
    r1 = Person(n1, male)
    r2 = Person(n2, not male)
    say = Teller(rng, "race", a=r1, b=r2)
    route = rng.sample(WORDS.race_routes, rng.randint(3, 4))
    judge = say.pick("judge")
    p1 = [say("a_is", j=with_article(say.pick("fast_kind")), k=a1), say("boasts")]
    p1.append(say("b_is", j=with_article(say.pick("slow_kind")), k=a2))
    p1.append(say("challenge"))
    path = and_list(route)
    p2 = [say("rules", j=capitalize_first(judge), jl=judge, p=path), say("go", j=judge, J=capitalize_first(judge))]
    p2.append(say("a_runs"))
    p2.append(say("b_walks"))
    stop = pick(rng, WORDS.race_stops).format(c=r1)
    p3 = [say("a_rests", p=route[1], s=stop), say("b_passes", p=and_list(route)), say("wakes")]
    p4 = [say("too_late"), say("wins", j=judge, J=capitalize_first(judge)), say("congratulates"), say("moral")]
    return [p1, p2, p3, p4]


def message_story(rng: random.Random):
    """A message passed along a chain, word for word."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    say = Teller(rng, "message", x=x, y=y)
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
    p1 = [_intro(rng, x), say("lives_far", f=far), say("news", t=_one_day(rng)), say("too_far")]
    paras.append(p1)
    prev = None
    for i, an in enumerate(chain):
        para = []
        if i == 0:
            para.append(say("asks_animal", y=to_y, a=an, m=msg))
            para.append(f"The {an} said yes and ran off.")
        else:
            para.append(say("passes_on", p=prev, a=an, y=to_y, m=msg, n=pick(rng, WORDS.nature)))
            para.append(say("hurries", a=an))
        prev = an
        paras.append(para)
    last = [say("delivers", a=prev, m=msg), say("sets_off", a=prev), say("arrives"), say("animals_came")]
    paras.append(last)
    return paras


def recipe_story(rng: random.Random):
    """Steps of a recipe taught once and recited later in the same order."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    say = Teller(rng, "recipe", x=x, y=y)
    ad = random_adult(rng, not x.male)
    dish, steps = pick(rng, WORDS.recipes)
    bare = dish[2:] if dish.startswith("a ") else dish
    if rng.random() < 0.4:
        bare = made_up_name(rng, pick(rng, (2, 3))) + " " + bare
        dish = ("a " + bare) if dish.startswith("a ") else bare
    steps = list(steps)
    said = "First " + ", then ".join(steps) + "."
    p1 = [_intro(rng, x), say("cook", t=_one_day(rng), a=ad, d=dish), f'"Listen carefully," said {ad}. "{said}"']
    p1.append(say("steps", s0=steps[0], s1=steps[1]))
    p1.append(say("smell"))
    p2 = [say("friend_visits"), say("asks", d=dish), say("teaches", s=said, sc=said[:-1] + ",")]
    p2.append(say("success", d=dish, b=bare))
    p2.append(say("proud", a=ad, d=dish))
    return [p1, p2]


def goodnight_story(rng: random.Random):
    """Saying good night to a list of things, in the same order, twice."""
    x = random_child(rng)
    say = Teller(rng, "goodnight", x=x)
    ad = random_adult(rng, not x.male)
    things = rng.sample(WORDS.goodnight_things, rng.randint(3, 5))
    toy = random_thing(rng, WORDS.carry_things, adj_p=0.5)
    p1 = [_intro(rng, x), say("habit"), say("toy", t=toy)]
    gn = " ".join(f"Good night, {t}." for t in things)
    p1.append(say("says_good_night", g=gn))
    p2 = [say("away", t=say.pick("when"), a=ad)]
    p2.append(say("evening", a=ad, p=plural(pick(rng, WORDS.animals)), l=pick(rng, WORDS.lunches)))
    p2.append(say("sleepless"))
    p2.append(say("asks", a=ad))
    p2.append(say("says_it_there", t=toy, g=gn))
    p2.append(say("asleep", a=ad))
    return [p1, p2]


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
