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


# Sentences more than one shape uses

_INTROS = (
    "Once upon a time, there was a {adj} little {x.kid} named {x}.",
    "There was once a {adj} {x.kid} called {x}.",
    "{x} was a {adj} little {x.kid} who lived in {home} {where}.",
    "Once there was a little {x.kid} named {x}. {x.He} was {age} years old.",
    "{x} lived in {home} {where}.",
    "Once upon a time, in {home} {where}, there lived a {adj} {x.kid} named {x}.",
    "{x} was {age} years old, and {x.he} was very {adj}.",
    "There was a {x.kid} named {x} who loved to {hobby}.",
    "Everyone in town knew {x}. {x.He} was a {adj} {x.kid} who liked to {hobby}.",
    "{x} was a little {x.kid} with a big smile.",
    "In {home} {where} lived a {x.kid} called {x}.",
    "{x} was {age}, and more than anything, {x.he} loved to {hobby}.",
)


def _intro(rng: random.Random, x: Person) -> str:
    return pick_filled(
        rng,
        _INTROS,
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


_ENDINGS_HAPPY = (
    "It had been a wonderful day.",
    "It was the best day ever.",
    "{x} smiled all the way home.",
    "And that night, {x} slept with a big smile.",
    "{x} never forgot that day.",
    "{x.He} could not wait to do it all again.",
    "From then on, every day felt a little brighter.",
    "The end.",
)


# The shapes

_JOURNEY_HAVE = (
    "{x} had {o.a}. {x.He} loved it more than anything.",
    "{x}'s {g} gave {x.him} {o.a} for {x.his} birthday. {x.He} loved it very much.",
    "{x} had {o.a} that {x.he} took everywhere.",
    "{x.His} favorite thing in the whole world was {o.a}.",
    "{x} found {o.a} in an old box in the attic. {x.He} decided to keep it.",
    "Every day, {x} carried {o.a} with {x.him}.",
    "{x} had a special friend. It was not a person. It was {o.a}.",
    "{x} got {o.a} from {x.his} {g}. It was the best present ever.",
    "{x} had {o.a}, and {x.he} never went anywhere without it.",
)

_JOURNEY_START = (
    "{t}, {x} went out to see the town.",
    "{t}, {x} put on {x.his} {cl} and went outside.",
    "{t}, {x} decided to go on a little trip.",
    "{t}, the sun was shining, so {x} went out.",
    "{t}, {x} had lots of things to do.",
    "{t}, {x} set off for a long walk.",
)

_JOURNEY_TAKE = (
    "{x.He} took {o.the} with {x.him}.",
    "Of course, {x.he} took {o.the} along.",
    "{x.He} held {o.the} tight in {x.his} hand.",
    "{x.He} put {o.the} in {x.his} bag.",
    "{x.He} did not forget {o.the}.",
    "{o.The} came too.",
)

_JOURNEY_GO = (
    "{t}, {x} went to {p.to}.",
    "{t}, {x} walked to {p.to}.",
    "{t}, {x.he} went to {p.to}.",
    "{t}, {x} hurried to {p.to}.",
    "{t}, {x} skipped all the way to {p.to}.",
    "{t}, {x} rode {x.his} bike to {p.to}.",
    "{t}, {x} took the bus to {p.to}.",
)

_JOURNEY_ACT = (
    "{p.At}, {x.he} {act}.",
    "There, {x.he} {act}.",
    "{x.He} {act}.",
    "{x} {act} and then {act2}.",
    "{p.At}, {x} {act}.",
    "First {x.he} {act}, and then {x.he} {act2}.",
)

_MEET = (
    "{p.At}, {x} met {x.his} friend {y}.",
    "{y} was there too.",
    "There {x} saw {y}, a {y.kid} from {x.his} street.",
    "{x} bumped into {y}, who lived next door.",
    "{p.At}, {x} found {x.his} friend {y}.",
)

_Y_DOING = (
    "flying a kite",
    "eating a big red apple",
    "looking for {y.his} lost mitten",
    "feeding the birds",
    "drawing with chalk",
    "holding a bunch of balloons",
    "playing with a ball",
    "crying because {y.he} had fallen down",
    "reading a comic",
    "walking {y.his} dog",
    "carrying a big box",
    "singing a silly song",
)

_MEET_TALK = (
    "{y.He} showed {x.him} {o2.a}. {x.He} said it was very nice.",
    "{x} and {y} played together for a while.",
    "{y} gave {x} {food}, and {x.he} said thank you to {y.him}.",
    "{x} gave {y} {food}, and {y.he} smiled at {x.him}.",
    "{y} told {x} a funny joke, and {x.he} laughed so much that {x.he} fell over.",
    "{x} helped {y} up, and {y.he} said thank you.",
    "{y} asked {x} to play, so {x.he} did.",
    "{x} and {y} shared a bench and watched the people go by.",
    "{y.He} waved at {x}, and {x.he} waved back at {y.him}.",
    "{y} let {x} hold {y.his} {o2.noun}, and {x.he} was very careful with it.",
)

_MEET_BYE = (
    "Then {y} had to go home. {x.He} waved goodbye to {y.him}.",
    "Soon {y}'s mom called, so {y.he} said goodbye.",
    "When {y} left, {x.he} felt a little sad, but {y.he} promised to come back.",
    "{y} ran off to find {y.his} mom, and {x} went on {x.his} way.",
    "Then {x} said goodbye to {y}, and {y.he} went home.",
)

_HOME = (
    "When the sun went down, {x} went home.",
    "In the evening, {x} walked back home.",
    "At last it was time to go home.",
    "Soon the sky turned orange, and {x} went home.",
    "When the stars came out, {x} was back home.",
    "It was getting dark, so {x} went home.",
)

_TIRED = (
    "{x.He} was very tired.",
    "{x.His} feet were sore, but {x.he} was happy.",
    "{x.He} had dinner and a warm bath.",
    "{x.He} ate {x.his} soup and yawned.",
    "{x.He} put on {x.his} pajamas and brushed {x.his} teeth.",
    "It had been a long, busy day.",
)

_RECALL = (
    "At night, {x} put {o.the} {spot}.",
    "Before bed, {x} put {o.the} {spot}.",
    "Then {x} took {o.the} and put it {spot}.",
    "{x} put {o.the} {spot} and said good night to it.",
    "{x} hugged {o.the} and put it {spot}.",
    "At bedtime, {x} put {o.the} {spot}, just like every night.",
)

_SLEEP = (
    "Then {x.he} closed {x.his} eyes and fell asleep.",
    "Soon {x.he} was fast asleep.",
    "{x.He} dreamed about {p.to}.",
    "Tomorrow would be another fun day.",
    "{x.He} smiled and went to sleep.",
    "Then {x.he} turned off the light.",
)


def journey_story(rng: random.Random):
    """An object is introduced early, carried through several places, and needed at the end."""
    x = random_child(rng)
    o = random_thing(rng, WORDS.carry_things)
    paras = []
    p1 = [_intro(rng, x), pick_filled(rng, _JOURNEY_HAVE, x=x, o=o, g=pick(rng, WORDS.relatives))]
    named = None
    if rng.random() < 0.3:
        named = made_up_name(rng)
        p1.append(f"{x.He} called it {named}.")
    p1.append(pick_filled(rng, _JOURNEY_START, x=x, t=_one_day(rng), cl=pick(rng, WORDS.clothes)))
    if rng.random() < 0.5:
        p1.append(pick(rng, WORDS.weather))
    p1.append(pick_filled(rng, _JOURNEY_TAKE, x=x, o=o))
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
        body.append(pick_filled(rng, _JOURNEY_GO, x=x, p=p, t=t))
        body.append(pick_filled(rng, _JOURNEY_ACT, x=x, p=p, act=acts[0].format(x=x), act2=acts[1].format(x=x)))
        if i == meet_at:
            o2 = random_thing(rng, WORDS.carry_things)
            body.append(pick_filled(rng, _MEET, x=x, y=y, p=p))
            if rng.random() < 0.6:
                body.append(y.He + " was " + pick(rng, _Y_DOING).format(y=y) + ".")
            for s in rng.sample(_MEET_TALK, rng.randint(1, 2)):
                body.append(s.format(x=x, y=y, o2=o2, food=with_article(pick(rng, WORDS.foods))))
            body.append(pick_filled(rng, _MEET_BYE, x=x, y=y))
        elif rng.random() < 0.5:
            body.append(pick_filled(rng, WORDS.place_remarks, x=x))
        if named and i == show_at:
            body.append(
                pick_filled(
                    rng,
                    (
                        "{x} held {n} up high so it could see everything.",
                        '"Look, {n}!" {x.he} said.',
                        "{x.He} told {n} all about it.",
                    ),
                    x=x,
                    n=named,
                )
            )
        if i == leave_at:
            body.append(f"{x} had so much fun that {x.he} did not look back when {x.he} left.")
    paras.append(body)

    end = []
    if leave_at >= 0:
        lp = places[leave_at]
        end.append(
            pick_filled(
                rng,
                (
                    "On the way home, {x} stopped. Where was {o.the}? Oh no! {x.He} had left it {p.at}!",
                    "Then {x} felt {x.his} empty hands. {o.The} was gone! {x.He} had left it {p.at}.",
                    "Suddenly {x} remembered something. {o.The} was still {p.at}!",
                ),
                x=x,
                o=o,
                p=lp,
            )
        )
        end.append(
            pick_filled(
                rng,
                (
                    "{x} ran all the way back to {p.to}. There was {o.the}, just where {x.he} had left it.",
                    "{x} hurried back to {p.to}. {o.The} was still there, waiting for {x.him}.",
                    "So {x} went back to {p.to}, and there it was!",
                ),
                x=x,
                o=o,
                p=lp,
            )
        )
    end.append(pick_filled(rng, _HOME, x=x))
    end.append(pick_filled(rng, _TIRED, x=x))
    spot = pick(rng, WORDS.bed_spots).format(x=x)
    end.append(pick_filled(rng, _RECALL, x=x, o=o, spot=spot))
    if named:
        end.append(
            pick_filled(
                rng,
                (
                    '"Good night, {n}," {x.he} said.',
                    '"Sleep well, {n}," {x.he} whispered.',
                    '"We had a good day, {n}," said {x}.',
                ),
                x=x,
                n=named,
            )
        )
    end.append(pick_filled(rng, _SLEEP, x=x, p=places[-1]))
    paras.append(end)
    return paras


def lost_story(rng: random.Random):
    """Something is put in a hiding place early on; much later that place is remembered."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    o = random_thing(rng, WORDS.carry_things)
    room = pick(rng, WORDS.rooms).format(x=x)
    spots = [s.format(x=x) for s in rng.sample(WORDS.hide_spots, 4)]
    hide, search = spots[0], spots[1 : 1 + rng.randint(2, 3)]
    adult = pick(rng, ("{x.his} mom", "{x.his} dad", "{x.his} grandma", "{x.his} grandpa")).format(x=x)
    p1 = [_intro(rng, x), pick_filled(rng, _JOURNEY_HAVE, x=x, o=o, g=pick(rng, WORDS.relatives))]
    p1.append(
        pick_filled(
            rng,
            (
                "{t}, {x} was playing with {o.the} {room}.",
                "{t}, {x} took {o.the} {room} to play.",
                "{t}, {x} sat {room} with {o.the}.",
            ),
            x=x,
            o=o,
            room=room,
            t=_one_day(rng),
        )
    )
    p1.append(
        pick_filled(
            rng,
            (
                'Then {ad} called, "{x}, lunch is ready!"',
                'Then {ad} called, "{x}, come and wash your hands!"',
                "Then {x} heard the doorbell ring.",
                "Then {x} smelled something yummy from the kitchen.",
            ),
            x=x,
            ad=adult,
        )
    )
    p1.append(
        pick_filled(
            rng,
            (
                "{x} put {o.the} {h} and ran off.",
                "Quickly, {x} put {o.the} {h}.",
                "{x.He} put {o.the} {h} so it would be safe.",
                "{x.He} hid {o.the} {h} and went to see.",
            ),
            x=x,
            o=o,
            h=hide,
        )
    )
    paras = [p1]

    p2 = []
    p2.append(
        pick_filled(
            rng,
            (
                "For lunch, {x} had {l}.",
                "{x.He} ate {l} and drank some milk.",
                "{x} ate all of {x.his} {l2}.",
            ),
            x=x,
            l=pick(rng, WORDS.lunches),
            l2=pick(rng, ("soup", "rice", "noodles", "stew", "pie")),
        )
    )
    for c in rng.sample(WORDS.chores, rng.randint(1, 2)):
        p2.append("After that, " + x.he + " " + c.format(x=x, pl=plural(pick(rng, WORDS.animals))) + ".")
    p2.append(
        pick_filled(
            rng,
            (
                "Then {y} came over to play.",
                "Later, {x}'s friend {y} knocked on the door.",
                "In the afternoon, {y} came to visit.",
            ),
            x=x,
            y=y,
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                '"Can I see your {o.noun}?" asked {y}.',
                "{y} wanted to see {x}'s {o.noun}.",
                '"Where is your {o.noun}?" {y} asked.',
                '{y.He} said, "Let\'s play with your {o.noun}!"',
            ),
            x=x,
            y=y,
            o=o,
        )
    )
    paras.append(p2)

    p3 = [
        pick_filled(
            rng,
            (
                "{x} went to get it, but it was not there!",
                "{x} looked {room}, but it was gone!",
                "But {x} could not find it anywhere.",
            ),
            x=x,
            room=room,
        )
    ]
    for s in search:
        p3.append(
            pick_filled(
                rng,
                (
                    "{x} looked {s}. It was not there.",
                    "{y} looked {s}, but {y.he} found only {j}.",
                    "They looked {s}, but they did not find it.",
                    "{x.He} checked {s}. There was no {o.noun}!",
                    "{y} peeked {s}. Nothing!",
                ),
                x=x,
                y=y,
                o=o,
                s=s,
                j=pick(rng, WORDS.junk),
            )
        )
    p3.append(
        pick_filled(
            rng,
            ("{x} began to cry.", "{x} felt very {sad}.", "{x} sat down. {x.He} was {sad}."),
            x=x,
            sad=pick(rng, ("sad", "upset", "worried", "unhappy")),
        )
    )
    p3.append(
        pick_filled(
            rng,
            (
                '{y} gave {x.him} a hug. "Don\'t worry," {y.he} said. "We will find it."',
                '{y} held {x}\'s hand. "Think hard," {y.he} said. "Where did you have it last?"',
                '"Let\'s think," said {y}. "What did you do before lunch?"',
            ),
            x=x,
            y=y,
        )
    )
    paras.append(p3)

    p4 = [
        pick_filled(
            rng,
            (
                "{x} thought and thought. Then {x.he} remembered! {x.He} had put {o.the} {h}!",
                "Then {x} remembered. Before lunch, {x.he} had put {o.the} {h}.",
                "Suddenly {x} jumped up. {o.The} was {h}!",
            ),
            x=x,
            o=o,
            h=hide,
        )
    ]
    p4.append(
        pick_filled(
            rng,
            (
                "{x} ran and looked {h}, and there it was!",
                "{x} and {y} ran to look {h}. There was {o.the}!",
                "{y} looked {h}, and {y.he} found it at once.",
            ),
            x=x,
            y=y,
            o=o,
            h=hide,
        )
    )
    p4.append(
        pick_filled(
            rng,
            (
                '{x} hugged {o.the}. "Thank you, {y}!" {x.he} said.',
                '"You found it!" {y} said, and {x.he} smiled at {x.him}.',
                "{x} was so happy that {x.he} danced around the room, and {y} laughed at {x.him}.",
            ),
            x=x,
            y=y,
            o=o,
        )
    )
    p4.append(
        pick_filled(
            rng,
            (
                "Then {x} and {y} played with {o.the} until dinner.",
                "{x} let {y} hold {o.the}, and {y.he} was very careful with it.",
                "{x.He} gave {y} a cookie to say thank you.",
            ),
            x=x,
            y=y,
            o=o,
        )
    )
    p4.append(
        pick_filled(
            rng,
            (
                "From that day on, {x} always kept {o.the} {safe}.",
                "After that, {x} never put {o.the} {h} again.",
                "Now {x} always puts {o.the} {safe} when {x.he} is done.",
            ),
            x=x,
            o=o,
            h=hide,
            safe=pick(rng, WORDS.safe_spots).format(x=x),
        )
    )
    paras.append(p4)
    return paras


def _make_song(rng: random.Random) -> str:
    w = [sound_word(rng) for _ in range(3)]
    head = pick_filled(
        rng,
        (
            "{0} {0}, {1} {1},",
            "{0}-a-{1}, {0}-a-{2},",
            "la la {0}, la la {1},",
            "hey {0}, ho {1},",
            "{0}, {1}, {2} {2},",
            "{0} and {1} and {2} {2},",
            "dum dee {0}, dum dee {1},",
            "{0} {1}, {0} {1},",
        ),
        *w,
    )
    an = pick(rng, WORDS.animals)
    mid = pick_filled(
        rng,
        (
            "the sun is up and the sky is {c},",
            "the {a} is {j} and the grass is green,",
            "over the {n} and under the {n2},",
            "one little {a}, two little {ap},",
            "I have {fd} and {fd2},",
            "the wind is {w} and the trees are tall,",
            "round and round the {n} we go,",
            "my feet go tap and my hands go clap,",
            "the {a} hops and the {a2} sings,",
            "up the {n} and down the {n2},",
            "{c} and {c2} and {c3} too,",
            "the moon is round and the stars are bright,",
        ),
        c=pick(rng, WORDS.colors),
        c2=pick(rng, WORDS.colors),
        c3=pick(rng, WORDS.colors),
        a=an,
        ap=plural(an),
        a2=pick(rng, WORDS.animals),
        j=pick(rng, ("big", "small", "happy", "sleepy", "silly", "fat")),
        n=pick(rng, WORDS.nature),
        n2=pick(rng, WORDS.nature),
        w=pick(rng, ("cold", "soft", "fast", "wild", "warm")),
        fd=with_article(pick(rng, WORDS.foods)),
        fd2=with_article(pick(rng, WORDS.foods)),
    )
    end = pick_filled(
        rng,
        (
            "I'm on my way to {pl}!",
            "come and sing along with me!",
            "we will be {fe} all day long!",
            "{s} {s} {s}, and then we rest!",
            "happy, happy, here we go!",
            "all the way to the {c} {n}!",
            "and the {a} says {snd}!",
            "nobody can stop me now!",
            "let's all dance around the {n}!",
            "clap your hands and shout {s}!",
        ),
        pl=pick(rng, ("the sea", "the town", "the hill", "the moon", "the farm", "the fair")),
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
    song = _make_song(rng)
    dest = Place(pick(rng, WORDS.places))
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(
        pick_filled(
            rng,
            (
                "{x} had a little song that {x.he} sang every day.",
                "{x}'s {g} had taught {x.him} a funny little song.",
                "{x} loved to sing, and {x.his} favorite song was a silly one.",
                "{x} made up a new song all by {x.himself}.",
            ),
            x=x,
            g=pick(rng, WORDS.relatives),
        )
    )
    p1.append(
        pick_filled(rng, ('It went like this: "{s}"', 'It went: "{s}"', 'The song went like this: "{s}"'), s=song)
    )
    paras.append(p1)

    p2 = [
        pick_filled(
            rng,
            (
                "{t}, {x} set off for {p.to}.",
                "{t}, {x} walked to {p.to}.",
                "{t}, {x} went for a walk to {p.to}.",
            ),
            x=x,
            p=dest,
            t=_one_day(rng),
        )
    ]
    an = pick(rng, WORDS.land_animals)
    an_name = made_up_name(rng) if rng.random() < 0.5 else ""
    an_ref = f"{an[0]} named {an_name}" if an_name else an[0]
    short = an_name or ("the " + an[0])
    p2.append(
        pick_filled(
            rng,
            (
                "On the way, {x.he} met {a} who was {pr}.",
                "By the path, {x} saw {a}. It was {pr}.",
                "Soon {x.he} found {a} that was {pr}.",
            ),
            x=x,
            a=with_article(an_ref),
            pr=pick(
                rng,
                (
                    "crying",
                    "very sad",
                    "lonely",
                    "too scared to cross the bridge",
                    "stuck in a bush",
                    "lost",
                    "feeling gloomy",
                    "sitting all alone",
                ),
            ),
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                'So {x} sang {x.his} song for it: "{s}"',
                '{x} wanted to help, so {x.he} sang: "{s}"',
                '"Listen to this," said {x}, and {x.he} sang: "{s}"',
            ),
            x=x,
            s=song,
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                "{sh} {snd} with joy and followed {x.him}.",
                "{sh} stopped crying and came along.",
                "{sh} {snd} and began to dance.",
                "{sh} felt much better and walked with {x.him}.",
            ),
            x=x,
            sh=capitalize_first(short),
            snd=an[1],
        )
    )
    paras.append(p2)

    p3 = [
        pick_filled(
            rng,
            (
                "Then they met {y}, who was {pr}.",
                "Next they saw {y}. {y.He} was {pr}.",
                "Near {p.to} they found {x}'s friend {y}, who was {pr}.",
            ),
            x=x,
            y=y,
            p=dest,
            pr=pick(
                rng,
                (
                    "sitting on a wall looking sad",
                    "crying by a tree",
                    "grumpy because {y.he} had lost a game",
                    "all alone",
                    "tired of walking",
                ),
            ).format(y=y),
        )
    ]
    p3.append(
        pick_filled(
            rng,
            (
                '{x} sang the song again: "{s}"',
                'So {x} sang the song once more: "{s}"',
                '{x} and {sh} sang together: "{s}"',
            ),
            x=x,
            s=song,
            sh=short,
        )
    )
    p3.append(
        pick_filled(
            rng,
            (
                "{y} laughed, and soon {y.he} was singing too.",
                "{y} smiled at {x}. {y.He} liked the song.",
                '"Teach me!" said {y}. So {x.he} taught {y.him} every word.',
                "{y} clapped {y.his} hands and asked {x.him} to sing it again.",
            ),
            x=x,
            y=y,
        )
    )
    paras.append(p3)

    p4 = [
        pick_filled(
            rng,
            (
                'When they got to {p.to}, everyone sang together: "{s}"',
                'At {p.to}, they sang the song one more time, as loud as they could: "{s}"',
                '{p.At}, {x}, {y} and {sh} sang it all together: "{s}"',
            ),
            x=x,
            y=y,
            sh=short,
            p=dest,
            s=song,
        )
    ]
    p4.append(
        pick_filled(
            rng,
            (
                "People stopped to listen, and some of them sang along.",
                "It was the best song in the world.",
                "Even the birds in the trees seemed to join in.",
                "{y} said it was the best song {y.he} had ever heard.",
            ),
            y=y,
        )
    )
    p4.append(pick_filled(rng, _ENDINGS_HAPPY, x=x))
    paras.append(p4)
    return paras


def shopping_story(rng: random.Random):
    """A shopping list said again and again in the same order."""
    x = random_child(rng)
    ad = random_adult(rng, not x.male)
    items = rng.sample(WORDS.shop_items, rng.randint(3, 4))
    lst = and_list(items)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(
        pick_filled(
            rng,
            (
                '{t}, {ad} said, "{x}, can you go to the shop for me? Please get {l}."',
                '{t}, {ad} needed some things from the shop. "{x}," {ad} said, "please get {l}."',
                '{t}, {ad} was making dinner. "{x}, would you run to the shop? We need {l}."',
            ),
            x=x,
            ad=ad,
            l=lst,
            t=_one_day(rng),
        )
    )
    p1.append(
        pick_filled(
            rng,
            (
                '"Yes!" said {x}. "I will get {l}."',
                "{x} nodded and took the money.",
                "{x} took a basket and some coins.",
                '{x} said, "I can do it! I am big now."',
            ),
            x=x,
            l=lst,
        )
    )
    paras.append(p1)

    p2 = [
        pick_filled(
            rng,
            (
                'On the way, {x} said the list to {x.himself}: "{L}."',
                'As {x.he} walked, {x} said it again and again: "{L}."',
                '{x} sang it as a little song: "{L}."',
            ),
            x=x,
            L=capitalize_first(lst),
        )
    ]
    dog = made_up_name(rng)
    p2.append(
        pick_filled(
            rng,
            (
                "Then {x.he} saw a dog named {d}. {d} wanted to play.",
                "Then a puppy ran up to {x.him}. Its tag said {d}. {d} barked and wagged its tail.",
                "On the corner, {x} met Mrs. Brown's dog, {d}. {d} had a stick in its mouth.",
            ),
            x=x,
            d=dog,
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                "{x} threw a stick for {d}, once, twice, three times.",
                "{x} played with {d} for a long time.",
                "{x} patted {d} and laughed when {d} licked {x.his} nose.",
            ),
            x=x,
            d=dog,
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                'Then {x.he} stopped. "Oh no! What did {ad} want?" {x.He} thought very hard.',
                "When {d} ran home, {x} could not remember the list. {x.He} closed {x.his} eyes and thought.",
                '"The shop!" said {x}. "What was on the list?"',
            ),
            x=x,
            ad=ad,
            d=dog,
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                'Then it came back to {x.him}: "{L}."',
                '"{L}," {x} said. "Yes, that was it!"',
                '"{L}!" {x} said out loud.',
            ),
            x=x,
            L=capitalize_first(lst),
        )
    )
    paras.append(p2)

    p3 = [
        pick_filled(
            rng,
            (
                'At the shop, {x} said, "Hello! I need {l}, please."',
                '{x} told the shopkeeper, "I would like {l}, please."',
                "In the shop, {x} picked up {l}.",
            ),
            x=x,
            l=lst,
        )
    ]
    if rng.random() < 0.5:
        p3.append(
            pick_filled(
                rng,
                (
                    'The shopkeeper smiled. "What a good memory you have!"',
                    "The shopkeeper gave {x} a sticker for being so polite.",
                    "The shopkeeper put everything in a paper bag.",
                ),
                x=x,
            )
        )
    paras.append(p3)
    p4 = [
        pick_filled(
            rng,
            (
                'When {x} got home, {ad} looked in the bag. There was {l}. "Thank you, {x}!" said {ad}.',
                '{x} gave the bag to {ad}. Inside were {l}. "You remembered everything!" said {ad}.',
                "Back at home, {x} put {l} on the table. {ad} gave {x.him} a big hug.",
            ),
            x=x,
            ad=ad,
            l=lst,
        )
    ]
    p4.append(
        pick_filled(
            rng,
            (
                "{x} told {ad} all about {d}.",
                "{x} felt very proud of {x.himself}.",
                "That night, they had a lovely dinner.",
                '{x.He} said, "Next time, can {d} come too?"',
            ),
            x=x,
            ad=ad,
            d=dog,
        )
    )
    paras.append(p4)
    return paras


def packing_story(rng: random.Random):
    """Two children pack two lists; later each list is unpacked in the same order."""
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
    rel = pick(rng, ("friend", "cousin", "neighbor", "best friend"))
    p1 = [
        pick_filled(
            rng,
            (
                "{x} and {x.his} {r} {y} were going on a trip to {d}.",
                "{t}, {x} and {y} were going to {d}.",
                "{x} and {y} were very excited. They were going to {d}!",
            ),
            x=x,
            y=y,
            d=dest,
            r=rel,
            t=_one_day(rng),
        )
    ]
    p1.append(
        pick_filled(
            rng,
            (
                "{x} packed {x.his} bag. {x.He} put in {l}.",
                "First, {x} packed {x.his} bag with {l}.",
                "Into {x.his} bag, {x} put {l}.",
            ),
            x=x,
            l=la,
        )
    )
    p1.append(
        pick_filled(
            rng,
            (
                "{y} packed {y.his} bag too. {y.He} put in {l}.",
                "Then {y} packed {y.his} bag with {l}.",
                "{y} put {l} into {y.his} bag.",
            ),
            y=y,
            l=lb,
        )
    )
    paras.append(p1)
    p2 = [
        pick_filled(
            rng,
            ("They went by {v}.", "They traveled by {v} for a long time.", "The {v} ride was long."),
            v=pick(rng, WORDS.vehicles),
        )
    ]
    p2.append(
        pick_filled(
            rng,
            (
                "{y} looked out of the window and saw {s}.",
                "On the way, {x} saw {s}, and {y} saw {s2}.",
                "{x} looked at {s} while {y} had a nap.",
            ),
            x=x,
            y=y,
            s=pick(rng, WORDS.sights),
            s2=pick(rng, WORDS.sights),
        )
    )
    paras.append(p2)
    p3 = [
        pick_filled(
            rng,
            ("At last they got to {d}.", "Finally they arrived {a}.", "When they got to {d}, the sun was shining."),
            d=dest,
            a=dest_at,
        )
    ]
    p3.append(
        pick_filled(
            rng,
            ("{x} opened {x.his} bag and took out {l}.", "{x} unpacked {l}.", "Out of {x.his} bag came {l}."),
            x=x,
            l=la_t,
        )
    )
    p3.append(
        pick_filled(
            rng,
            ("{y} opened {y.his} bag and took out {l}.", "{y} unpacked {l}.", "Out of {y.his} bag came {l}."),
            y=y,
            l=lb_t,
        )
    )
    need = ty[0] if rng.random() < 0.5 else tx[0]
    giver, taker = (y, x) if need is ty[0] else (x, y)
    p3.append(
        pick_filled(
            rng,
            (
                "But {t} had forgotten something. {t.He} wanted {an} too.",
                "{t} looked sad. {t.He} had not brought {an}.",
                '"Oh no," said {t}. "I wish I had {an}."',
            ),
            t=taker,
            n=need.noun,
            an=with_article(need.noun),
        )
    )
    p3.append(
        pick_filled(
            rng,
            (
                "So {g} gave {t.him} {o.the}, and {t.he} said thank you to {g.him}.",
                '"You can use my {n}," said {g}. {t} smiled at {g.him}.',
                "{g} shared {o.the} with {t}. {g.He} was a good friend, and {t.he} gave {g.him} a hug.",
            ),
            g=giver,
            t=taker,
            o=need,
            n=need.noun,
        )
    )
    paras.append(p3)
    p4 = [
        pick_filled(
            rng,
            ("They played all day {d}.", "They had a wonderful time {d}.", "Every day {d} was full of fun."),
            d=dest_at,
        )
    ]
    p4.append(
        pick_filled(
            rng,
            (
                "When it was time to go home, {x} packed {l} again, and {y} packed {l2}.",
                "On the last day, {x} put {l} back in {x.his} bag.",
                "Before they left, {y} packed {l2} and helped {x} find {x.his} things.",
            ),
            x=x,
            y=y,
            l=la_t,
            l2=lb_t,
        )
    )
    p4.append(pick_filled(rng, _ENDINGS_HAPPY, x=x))
    paras.append(p4)
    return paras


def creature_story(rng: random.Random):
    """A made-up land and a made-up creature whose names recur again and again."""
    x = random_child(rng)
    land, cname = distinct_made_up_names(rng, 2)
    kind, _ = pick(rng, [b for b in WORDS.fantasy if b[1] != ("m" if x.male else "f")])
    male = not x.male
    c = Person(cname, male)
    looks = pick(rng, WORDS.fantasy_looks[kind]).format(c=c)
    adj = pick(rng, WORDS.fantasy_adj)
    paras = []
    p1 = [
        pick_filled(
            rng,
            (
                "Far away, {b}, there was a land called {l}.",
                "{b}, there is a land called {l}.",
                "Once upon a time, {b}, lay the land of {l}.",
            ),
            b=pick(rng, WORDS.beyond),
            l=land,
        )
    ]
    p1[0] = capitalize_first(p1[0])
    p1.append(
        pick_filled(
            rng,
            (
                "In {l}, there lived {a} named {c}.",
                "{l} was the home of {a} called {c}.",
                "The most famous one in all of {l} was {a} named {c}.",
            ),
            l=land,
            a=with_article(adj + " " + kind),
            c=c,
        )
    )
    p1.append(
        pick_filled(
            rng, ("{c} had {lk}.", "{c.He} had {lk}.", "Everyone knew {c}, because {c.he} had {lk}."), c=c, lk=looks
        )
    )
    paras.append(p1)

    portal = pick(rng, WORDS.portals)
    p2 = [_intro(rng, x)]
    p2.append(pick_filled(rng, ("{t}, {x} found {p}.", "{t}, {x} saw {p}."), x=x, p=portal, t=_one_day(rng)))
    p2.append(
        pick_filled(rng, WORDS.portal_go, x=x)
        + " "
        + pick_filled(
            rng,
            (
                "Suddenly {x.he} was in {l}!",
                "When {x.he} looked around, {x.he} was in the land of {l}.",
                "And just like that, {x} was in {l}.",
            ),
            x=x,
            l=land,
        )
    )
    p2.append(
        pick_filled(
            rng,
            ("{x} saw {c} sitting by {lm}.", "By {lm}, {x} found {c} the {k}.", "Not far away, next to {lm}, sat {c}."),
            x=x,
            c=c,
            k=kind,
            lm=pick(rng, WORDS.landmarks),
        )
    )
    prob, ptype = pick(rng, WORDS.fantasy_problems)
    item = pick(rng, WORDS.fantasy_items)
    fruit = pick(rng, ("plums", "pears", "golden apples", "star fruit", "moon berries", "cherries"))
    p2.append(
        pick_filled(
            rng,
            (
                "{c} looked {s}.",
                "{c} was {s}, and {c.he} did not even look up.",
                "Big tears were rolling down {c}'s face.",
            ),
            c=c,
            s=pick(rng, WORDS.sad_feelings[:6]),
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                '"Why are you sad?" asked {x}.',
                '{x} asked {c.him}, "What is wrong?"',
                '"Hello," said {x}. "Can I help you?"',
            ),
            x=x,
            c=c,
        )
    )
    p2.append('"' + prob.format(item=item, fruit=fruit)[:-1] + ',"' + " said " + cname + ".")
    paras.append(p2)

    p3 = []
    if ptype == "lost":
        where = pick(
            rng,
            (
                "under a big mushroom",
                "in a hollow log",
                "at the top of a hill",
                "inside a giant flower",
                "in the middle of a pond",
            ),
        )
        p3.append(f"{x} and {cname} looked all over {land}.")
        p3.append(
            pick_filled(rng, ("At last, {x} found the {i} {w}.", "{x.He} found the {i} {w}!"), x=x, i=item, w=where)
        )
        p3.append(
            pick_filled(
                rng,
                (
                    "{c} was so happy that {c.he} jumped up and down.",
                    "{c} hugged {x}, and {x.he} laughed.",
                    '"My {i}!" cried {c}. "Thank you!"',
                ),
                c=c,
                x=x,
                i=item,
            )
        )
    elif ptype == "lonely":
        game = pick(rng, ("hide and seek", "tag", "catch", "hopscotch", "leapfrog"))
        p3.append(pick_filled(rng, ('"I will play with you," said {x}.', '"I will be your friend," {x} said.'), x=x))
        p3.append(f"So {x} and {cname} played {game} all over {land}.")
        p3.append(
            pick_filled(
                rng,
                (
                    "{c} laughed and laughed. {c.He} was not lonely any more.",
                    "{c} had never had so much fun. {c.He} gave {x} a big hug.",
                    "{x} was good at hiding, but {c} was good at finding {x.him}.",
                ),
                c=c,
                x=x,
            )
        )
    elif ptype == "broken":
        fix = pick(
            rng,
            (
                "some string",
                "a bit of tape",
                "a strong vine",
                "a drop of glue",
                "a ribbon",
                "a tiny nail",
                "some sticky sap",
            ),
        )
        p3.append(
            pick_filled(
                rng,
                (
                    '"Let me see," said {x}. {x.He} fixed the {i} with {f}.',
                    "{x} looked at the {i} very carefully. Then {x.he} mended it with {f}.",
                ),
                x=x,
                i=item,
                f=fix,
            )
        )
        p3.append(
            pick_filled(rng, ("{c} was so happy that {c.he} danced around.", '"It is as good as new!" said {c}.'), c=c)
        )
    elif ptype == "reach":
        p3.append(
            pick_filled(
                rng,
                (
                    "{x} climbed onto {c}'s shoulders and picked the {fr}.",
                    "{x} found a long stick and knocked the {fr} down, one by one.",
                    "{x} stood on a rock, and {c} held {x.him} up. {x.He} picked all the {fr}.",
                ),
                x=x,
                c=c,
                fr=fruit,
            )
        )
        p3.append(f"Then {x} and {cname} sat down and shared the {fruit}.")
    elif ptype == "dark":
        p3.append(
            pick_filled(
                rng,
                (
                    '"I know a trick," said {x}. {x.He} showed {c} how to count the stars.',
                    "{x} sang a soft song for {c}, and {x.he} held {c}'s hand.",
                ),
                x=x,
                c=c,
            )
        )
        p3.append(pick_filled(rng, ("Soon {c} was not scared any more.", "{c} yawned. {c.He} felt safe now."), c=c))
    else:
        p3.append(
            pick_filled(rng, ('"Happy birthday, {c}!" said {x}.', "{x} made a crown of flowers for {c}."), x=x, c=c)
        )
        p3.append(f"{x} told everyone in {land}, and soon there was a big party for {cname}.")
    paras.append(p3)

    gift = Thing(pick(rng, WORDS.gifts))
    p4 = [
        pick_filled(
            rng,
            (
                "Then it was time for {x} to go home.",
                "Soon the sky began to grow dark.",
                "But {x} knew that {x.his} family was waiting.",
            ),
            x=x,
        )
    ]
    p4.append(
        pick_filled(
            rng,
            (
                "{c} gave {x.him} {g.a} to remember {c.him} by.",
                "{c} gave {x} {g.a} as a thank you.",
                '"Take this," said {c}, and {c.he} gave {x} {g.a}.',
            ),
            c=c,
            x=x,
            g=gift,
        )
    )
    p4.append(
        pick_filled(
            rng,
            (
                "{x} said goodbye to {c} and to the land of {l}.",
                '"Goodbye, {c}!" called {x}. "Goodbye, {l}!"',
                "{x} waved to {c} until {c.he} was just a tiny dot.",
            ),
            x=x,
            c=c,
            l=land,
        )
    )
    p4.append(
        pick_filled(
            rng,
            (
                "Back at home, {x} put {g.the} on {x.his} shelf. Sometimes {x.he} looks at it and thinks of {c}.",
                "That night, {x} held {g.the} and thought about {c} the {k}.",
                "{x} still has {g.the}. When {x.he} holds it, {x.he} can almost hear {c} laughing in {l}.",
            ),
            x=x,
            c=c,
            g=gift,
            k=kind,
            l=land,
        )
    )
    paras.append(p4)
    return paras


def pet_story(rng: random.Random):
    """A new pet gets a made-up name that recurs through the story."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    sib = "brother" if y.male else "sister"
    pet = pick(rng, WORDS.pets)
    pname, other = distinct_made_up_names(rng, 2, pick(rng, (2, 2, 3)))
    ad = pick(rng, ("{x.his} mom", "{x.his} dad", "{x.his} grandma", "{x.his} grandpa", "{x.his} aunt")).format(x=x)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(
        pick_filled(
            rng,
            (
                "{x} had always wanted {p}.",
                "More than anything, {x} wanted {p}.",
                "{x} asked for {p} every single day.",
            ),
            x=x,
            p=with_article(pet),
        )
    )
    p1.append(
        pick_filled(
            rng,
            (
                "On {x.his} birthday, {ad} came home with a big box. Inside the box was a little {p}!",
                "{t}, {ad} took {x} to the pet shop, and they came home with a little {p}.",
                "{t}, there was a knock at the door. It was {ad}, holding a tiny {p}!",
            ),
            x=x,
            ad=ad,
            p=pet,
            t=_one_day(rng),
        )
    )
    p1.append(pick_filled(rng, ("It was {l}.", "The {p} was {l}."), l=pick(rng, WORDS.pet_looks), p=pet))
    paras.append(p1)

    p2 = [
        pick_filled(
            rng,
            (
                "{x} and {x.his} {s} {y} had to think of a name.",
                "{x}'s little {s}, {y}, wanted to help choose a name.",
                "{x.He} and {x.his} big {s} {y} sat down to pick a name.",
            ),
            x=x,
            y=y,
            s=sib,
        )
    ]
    p2.append(pick_filled(rng, ('{y} said, "Let\'s call it {o}!"', '"What about {o}?" asked {y}.'), y=y, o=other))
    p2.append(
        pick_filled(
            rng,
            (
                'But {x} shook {x.his} head. "No, let\'s call it {n}!"',
                '{x} thought for a moment. "I like {n} better," {x.he} said.',
            ),
            x=x,
            n=pname,
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                '{y} thought about it. Then {y.he} nodded. "Yes! {n} is a good name."',
                '{y} laughed. "{n} it is!" {y.he} said.',
            ),
            y=y,
            n=pname,
        )
    )
    paras.append(p2)

    likes = [s.format(x=x) for s in rng.sample(WORDS.pet_likes, 3)]
    p3 = [f"{pname} liked to {likes[0]}."]
    p3.append(pick_filled(rng, ("{n} also liked to {l}.", "And {n} loved to {l}."), n=pname, l=likes[1]))
    p3.append(
        pick_filled(
            rng,
            (
                "Every morning, {x} fed {n}, and every evening, {y} played with {n}.",
                "{x} gave {n} fresh water every day, and {y} brushed {n} on Sundays.",
                "{y} made a little bed for {n} out of a shoe box, and {x} put a soft sock in it.",
            ),
            x=x,
            y=y,
            n=pname,
        )
    )
    paras.append(p3)

    found = pick(
        rng,
        (
            "in the laundry basket",
            "under {x}'s bed",
            "inside a boot",
            "in the garden, under the roses",
            "in the kitchen, next to the bread",
            "curled up in a woolly hat",
            "on top of the bookshelf",
        ),
    ).format(x=x, y=y)
    doing = pick(
        rng,
        (
            "fast asleep",
            "chewing a sock",
            "playing with a button",
            "sitting very still",
            "nibbling a cookie",
            "snoring softly",
        ),
    )
    p4 = [
        pick_filled(rng, ("{t}, {n} was gone!", "{t}, {x} could not find {n} anywhere."), t=_one_day(rng), n=pname, x=x)
    ]
    p4.append(
        pick_filled(
            rng,
            (
                "{x} looked in the garden, and {y} looked in the kitchen.",
                "{x} and {y} looked high and low.",
                '{x} called, "{n}! {n}!" but there was no answer.',
            ),
            x=x,
            y=y,
            n=pname,
        )
    )
    finder, other_kid = (y, x) if rng.random() < 0.5 else (x, y)
    p4.append(
        pick_filled(
            rng, ("At last, {f} found {n} {w}.", 'Then {f} shouted, "Here!" {n} was {w}.'), f=finder, n=pname, w=found
        )
    )
    p4.append(pick_filled(rng, ("{n} was {d}.", "{n} was {d}, as if nothing had happened."), n=pname, d=doing))
    p4.append(
        pick_filled(
            rng,
            (
                "{f} laughed, and {o} laughed too.",
                "{o} picked up {n} and gave {n} a kiss.",
                '{o} hugged {f}. "You found {n}!" {o.he} said.',
            ),
            f=finder,
            o=other_kid,
            n=pname,
        )
    )
    p4.append(
        pick_filled(
            rng,
            (
                "{n} was the best {p} in the whole world.",
                "From then on, {x} and {y} always knew where to look for {n}.",
                "{x} said that {n} was the best present {x.he} had ever had.",
            ),
            n=pname,
            p=pet,
            x=x,
            y=y,
        )
    )
    paras.append(p4)
    return paras


def cumulative_story(rng: random.Random):
    """A chain of helpers that grows by one each time, repeated in full every time."""
    animals = [a for a, _ in rng.sample(WORDS.land_animals, 5)]
    hero, helpers = animals[0], animals[1 : 1 + rng.randint(2, 4)]
    tiny = pick(rng, [t for t in WORDS.tiny_animals if t not in animals])
    thing = pick(
        rng,
        (
            "big pumpkin",
            "huge round stone",
            "heavy old box",
            "giant carrot",
            "big log",
            "giant turnip",
            "huge watermelon",
            "fat cabbage",
            "stuck cart",
            "giant beet",
        ),
    )
    verb = pick(rng, ("pulled and pulled", "pushed and pushed", "tugged and tugged", "heaved and heaved"))
    hname = made_up_name(rng) if rng.random() < 0.5 else ""
    hero_ref = f"the {hero}" if not hname else hname
    where = pick(
        rng,
        (
            "in the middle of the road",
            "in the garden",
            "next to the barn",
            "in the field",
            "by the gate",
            "on the path to the pond",
        ),
    )
    goal = pick(rng, ("take it home", "move it out of the way", "bring it to the farm", "get it into the barn"))
    paras = []
    p1 = [
        pick_filled(
            rng,
            ("One {d}, {a} found a {t} {w}.", "{T}, {a} found a {t} {w}."),
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
    ask = pick(
        rng, ('"Will you help me?" asked {h}.', '"Please help me," said {h}.', '{H} called out, "Who will help me?"')
    )
    agree = pick(
        rng, ('"Yes, I will help," said the {n}.', '"I will help you," said the {n}.', '"Of course!" said the {n}.')
    )
    for n in helpers:
        para = [f"So {hero_ref} went to find the {n}."]
        para.append(ask.format(h=hero_ref, H=capitalize_first(hero_ref)))
        para.append(agree.format(n=n))
        team.append("the " + n)
        para.append(capitalize_first(and_list(team)) + " " + verb + ", but the " + thing + " did not move.")
        paras.append(para)
    last = [f"Then a tiny {tiny} came by."]
    last.append(
        pick_filled(
            rng,
            (
                '"I can help," it said. The others laughed. "You are so small!"',
                '"Let me help," said the little {t}.',
                '"Can I help too?" asked the {t}.',
            ),
            t=tiny,
        )
    )
    team.append("the " + tiny)
    last.append(capitalize_first(and_list(team)) + " " + verb + ", and at last the " + thing + " moved!")
    paras.append(last)
    end = [pick_filled(rng, ("Everyone cheered.", "They all cheered and danced.", "Hooray! They had done it."))]
    food = thing.split(" ")[-1]
    if food in ("pumpkin", "carrot", "turnip", "watermelon", "cabbage", "beet"):
        end.append(f"That night, they made soup from the {food} and shared it, and the {tiny} got the first bowl.")
    end.append(
        pick_filled(
            rng,
            (
                "They thanked the little {s}. Even the smallest friend can make a big difference.",
                '{H} gave the {s} a big hug. "Thank you," {h} said.',
                "Nobody laughed at the little {s} ever again.",
            ),
            s=tiny,
            H=capitalize_first(hero_ref),
            h=hero_ref,
        )
    )
    paras.append(end)
    return paras


def swap_story(rng: random.Random):
    """A boy and a girl swap toys: dense he/she/him/her with both genders present."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    (tx, ax), (ty, ay) = rng.sample(WORDS.toy_acts, 2)
    ox = Thing(tx, pick(rng, WORDS.colors) if rng.random() < 0.5 else "")
    oy = Thing(ty, pick(rng, WORDS.colors) if rng.random() < 0.5 else "")
    paras = []
    p1 = [
        pick_filled(
            rng,
            (
                "{x} and {y} were friends.",
                "{x} and {y} lived next door to each other.",
                "{x} and {y} went to the same school.",
                "{x} and {y} were best friends.",
            ),
            x=x,
            y=y,
        )
    ]
    p1.append(
        pick_filled(rng, ("{x} had {a}, and {y} had {b}.", "{x} had {a}. {y} had {b}."), x=x, y=y, a=ox.a, b=oy.a)
    )
    p1.append(
        pick_filled(
            rng,
            (
                "Every day, {x} played with {x.his} {a}. {x.He} {ax}. And every day, {y} played with {y.his} {b}. {y.He} {ay}.",
                "{x} liked {y}'s {b}, and {y} liked {x}'s {a}.",
                "{x} wanted to try {y}'s {b}. {y} wanted to try {x}'s {a}.",
            ),
            x=x,
            y=y,
            a=ox.noun,
            b=oy.noun,
            ax=ax,
            ay=ay,
        )
    )
    paras.append(p1)
    p2 = [
        pick_filled(
            rng,
            (
                '{t}, {x} said, "Let\'s swap!"',
                '{t}, {y} had an idea. "Let\'s swap toys!" {y.he} said.',
                '{t}, {x} asked, "Can we swap for one day?"',
            ),
            x=x,
            y=y,
            t=_one_day(rng),
        )
    ]
    p2.append(
        pick_filled(
            rng,
            (
                "So {x.he} gave {y.him} {a}, and {y.he} gave {x.him} {b}.",
                "{x} gave {x.his} {an} to {y}, and {y.he} gave {y.his} {bn} to {x.him}.",
                "{y} gave {x} {b}, and {x.he} gave {y.him} {a}.",
            ),
            x=x,
            y=y,
            a=ox.the,
            b=oy.the,
            an=ox.noun,
            bn=oy.noun,
        )
    )
    p2.append(f"{x.He} {ay}. {y.He} {ax}.")
    paras.append(p2)
    trouble = pick(
        rng,
        (
            "Then {x} dropped {b} in the mud. {x.He} was scared that {y.he} would be cross.",
            "But after a while, {y} missed {y.his} own {bn}. {y.He} looked at {x} and felt sad.",
            "Then it began to rain, and {y} ran inside with {a}. {x} stood in the rain with {b}.",
            "But {x} did not know how to use {b} very well, and {y.he} laughed at {x.him}. That made {x.him} sad.",
        ),
    )
    p3 = [trouble.format(x=x, y=y, a=ox.the, b=oy.the, bn=oy.noun)]
    p3.append(
        pick_filled(
            rng,
            (
                '"I am sorry," said {y}. {y.He} gave {x} a hug, and {x.he} smiled again.',
                '{x} said, "I am sorry." {y} said it was all right, and {y.he} showed {x.him} what to do.',
                '"Let\'s play together instead," said {y}. {x} liked that idea.',
                "{y} saw that {x} was sad, so {y.he} sat down next to {x.him}.",
            ),
            x=x,
            y=y,
        )
    )
    paras.append(p3)
    p4 = [
        pick_filled(
            rng,
            (
                "So {x} and {y} played with {a} and {b} together.",
                "After that, {x} and {y} took turns with {a} and {b}.",
                "Now they share {a} and {b} every day.",
            ),
            x=x,
            y=y,
            a=ox.the,
            b=oy.the,
        )
    ]
    p4.append(
        pick_filled(
            rng,
            (
                "{y} said that sharing was more fun than swapping, and {x} agreed with {y.him}.",
                "{x} learned that a friend is better than any toy.",
                "At the end of the day, {x.he} gave {b} back to {y}, and {y.he} gave {a} back to {x.him}.",
                "{x} thanked {y}, and {y} thanked {x}.",
            ),
            x=x,
            y=y,
            a=ox.the,
            b=oy.the,
        )
    )
    paras.append(p4)
    return paras


def week_story(rng: random.Random):
    """A counting week, then the whole list said again in order."""
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
    p1.append(
        pick_filled(
            rng,
            (
                "{x} liked to count things.",
                "{x} had a little notebook for counting.",
                "{x} wanted to see how many things {x.he} could count in one week.",
            ),
            x=x,
        )
    )
    paras.append(p1)
    p2 = []
    wheres = rng.sample(WORDS.see_places, ndays)
    for i in range(ndays):
        day = WORDS.days[start + i]
        who = x.name if i == 0 or rng.random() < 0.3 else x.he
        p2.append(
            pick_filled(
                rng,
                ("On {d}, {w} {v} {c} {p}.", "On {d}, {p}, {w} {v} {c}."),
                d=day,
                w=who,
                v=verb,
                c=counted[i],
                p=wheres[i],
            )
        )
        if rng.random() < 0.35:
            p2.append(
                pick_filled(
                    rng,
                    (
                        "It was {j}.",
                        "{x.He} drew a picture.",
                        "{x.He} wrote it down.",
                        "{x.He} smiled.",
                        "That made {x.him} laugh.",
                    ),
                    x=x,
                    j=pick(rng, ("a good day", "fun", "a surprise", "a windy day")),
                )
            )
    paras.append(p2)
    day = WORDS.days[start + ndays]
    lst = and_list(counted)
    p3 = [
        pick_filled(rng, ("On {d}, {x} told {y} about {x.his} week.", "On {d}, {x} went to see {y}."), d=day, x=x, y=y)
    ]
    p3.append(pick_filled(rng, ('"I {v} {l}!" {x.he} said.', '"This week I {v} {l}," said {x}.'), x=x, v=verb, l=lst))
    p3.append(
        pick_filled(
            rng,
            (
                '{y} counted on {y.his} fingers. "That is a lot!" {y.he} said.',
                '{y} was amazed. "Tell me again!" {y.he} said. So {x.he} said it again: "{L}."',
                '{y} looked at {x.his} notebook. "Wow," {y.he} said to {x.him}.',
            ),
            x=x,
            y=y,
            L=capitalize_first(lst),
        )
    )
    p3.append(
        pick_filled(
            rng,
            (
                '"Next week, I will count too," said {y}.',
                "{y} said {y.he} wanted to count with {x.him} next week.",
                "Then they went outside to count the clouds together.",
            ),
            x=x,
            y=y,
        )
    )
    paras.append(p3)
    return paras


def magic_story(rng: random.Random):
    """A magic word (made up) and its teacher's made-up name, used again and again."""
    x = random_child(rng)
    # A magic teacher of the other gender (or of either), so "he"/"she" is never ambiguous.
    kind, _ = pick(rng, [b for b in WORDS.magic_beings if b[1] != ("m" if x.male else "f")])
    male = not x.male
    m = Person(made_up_name(rng), male)
    word = magic_word(rng)
    jobs = rng.sample(WORDS.magic_jobs, 3)
    uses = rng.sample(
        (
            '{x} said, "{w}!" and {r}.',
            '"{w}!" said {x}, and {r}.',
            '{x} remembered the magic word. "{w}!" {x.he} said. And {r}.',
            '{x} took a deep breath and said, "{w}!" Right away, {r}.',
            '"{w}!" {x} called out. At once, {r}.',
        ),
        3,
    )
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(
        pick_filled(
            rng,
            (
                "{t}, {x} met an old {k} named {m} in the woods.",
                "{t}, {ka} called {m} knocked on {x}'s door.",
                "{t}, {x} found {ka} named {m} sitting on a wall.",
            ),
            x=x,
            k=kind,
            ka=with_article(kind),
            m=m,
            t=_one_day(rng),
        )
    )
    p1.append(
        pick_filled(
            rng,
            (
                '{m} smiled at {x.him}. "You have a kind heart," {m.he} said. "I will teach you a magic word."',
                '"I have a gift for you," said {m}. "It is a magic word."',
                "{x} helped {m} carry a heavy bag, so {m.he} taught {x.him} a magic word.",
            ),
            x=x,
            m=m,
        )
    )
    p1.append(
        pick_filled(
            rng,
            (
                '"The word is {w}," said {m}. "Use it only three times."',
                '{m} whispered the word: "{w}." "Only three times!" {m.he} said.',
            ),
            w=word,
            m=m,
        )
    )
    paras.append(p1)
    starts = [pick(rng, ("", "", "Not long after, ", "The very next morning, "))]
    starts += rng.sample(("The next day, ", "Later, ", "Soon, ", "That evening, ", "A week later, ", "On Sunday, "), 2)
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
    end = [
        pick_filled(
            rng,
            ("Now {x} had used the word three times.", "That was the third time.", "The magic word was all used up."),
            x=x,
        )
    ]
    end.append(
        pick_filled(
            rng,
            (
                'So {x} went back to find {m}. "Thank you, {m}," {x.he} said.',
                "{x} went to the woods to say thank you to {m}, but {m.he} was gone. On the wall was a note that said: {w}.",
                'When {x} saw {m} again, {m.he} asked, "Did you use the word well?" "Yes," said {x}.',
            ),
            x=x,
            m=m,
            w=word,
        )
    )
    end.append(
        pick_filled(
            rng,
            (
                "{x} never forgot the word {w}, and {x.he} never forgot {m}.",
                "And sometimes, when {x} is very quiet, {x.he} still whispers {w}, just in case.",
                "{m} smiled. {m.He} knew that {x} did not need magic to be kind.",
            ),
            x=x,
            m=m,
            w=word,
        )
    )
    paras.append(end)
    return paras


def race_story(rng: random.Random):
    """Two named animals race along a route; the route is retold on the way back."""
    (a1, _), (a2, _) = rng.sample(WORDS.land_animals, 2)
    n1, n2 = distinct_made_up_names(rng, 2)
    male = rng.random() < 0.5
    r1 = Person(n1, male)
    r2 = Person(n2, not male)
    route = rng.sample(WORDS.race_routes, rng.randint(3, 4))
    judge = pick(
        rng,
        (
            "the wise old owl",
            "the farmer's dog",
            "a little duck",
            "the big brown horse",
            "a fat gray goose",
            "the old tortoise",
        ),
    )
    paras = []
    p1 = [
        pick_filled(
            rng,
            ("{a} was {j} {k}.", "There was once {j} {k} called {a}."),
            a=r1,
            j=with_article(pick(rng, ("fast", "proud", "quick", "boastful", "lively"))),
            k=a1,
        )
    ]
    p1.append(
        pick_filled(
            rng,
            (
                '"I am the fastest in the whole valley," {a} said to everyone.',
                "{a.He} liked to tell everyone how fast {a.he} was.",
            ),
            a=r1,
        )
    )
    p1.append(
        pick_filled(
            rng,
            ("{b} was {j} {k}.", "Next door lived {b}, {j} {k}."),
            b=r2,
            j=with_article(pick(rng, ("slow", "quiet", "careful", "small", "patient"))),
            k=a2,
        )
    )
    p1.append(
        pick_filled(
            rng, ('One day {b} said, "Let\'s have a race, {a}."', '"I will race you," {b} said to {a}.'), a=r1, b=r2
        )
    )
    paras.append(p1)
    path = and_list(route)
    p2 = [
        pick_filled(
            rng,
            (
                '{j} drew a line in the dirt. "You will race past {p}, and back again," {jl} said.',
                "The race would go past {p}, and then back home.",
            ),
            j=capitalize_first(judge),
            jl=judge,
            p=path,
        )
    ]
    p2.append(
        pick_filled(rng, ('"Ready, steady, go!" called {j}.', '{J} shouted, "Go!"'), j=judge, J=capitalize_first(judge))
    )
    p2.append(
        pick_filled(
            rng,
            (
                "{a} ran so fast that {a.he} was soon out of sight.",
                "{a} shot off like an arrow.",
                "Off went {a}, fast as the wind.",
            ),
            a=r1,
        )
    )
    p2.append(
        pick_filled(rng, ("{b} walked along, one step at a time.", "{b} went slowly, but {b.he} did not stop."), b=r2)
    )
    paras.append(p2)
    stop = pick(rng, WORDS.race_stops).format(c=r1)
    p3 = [
        pick_filled(
            rng,
            ("Near {p}, {a} looked back. {b} was far behind, so {a.he} {s}.", "When {a} got to {p}, {a.he} {s}."),
            a=r1,
            b=r2,
            p=route[1],
            s=stop,
        )
    ]
    p3.append(
        pick_filled(
            rng,
            (
                "Meanwhile, {b} went past {p}, step by step.",
                "{b} kept going. {b.He} went past {p}, and {b.he} did not stop.",
            ),
            b=r2,
            p=and_list(route),
        )
    )
    p3.append(
        pick_filled(
            rng,
            ("When {a} woke up, {b} was already on the way back!", "By the time {a} looked up, {b} was far ahead."),
            a=r1,
            b=r2,
        )
    )
    paras.append(p3)
    p4 = [
        pick_filled(
            rng,
            (
                "{a} ran as fast as {a.he} could, but it was too late.",
                "{a} ran and ran, but {b} crossed the line first.",
            ),
            a=r1,
            b=r2,
        )
    ]
    p4.append(
        pick_filled(rng, ('"{b} wins!" said {j}.', "{J} cheered for {b}."), b=r2, j=judge, J=capitalize_first(judge))
    )
    p4.append(
        pick_filled(
            rng,
            (
                '{a} shook {b}\'s paw. "Well done, {b}," {a.he} said. "You never stopped."',
                '{a} was cross at first, but then {a.he} smiled at {b} and said, "You earned it."',
                "{b} said to {a}, \"Let's race again tomorrow, and this time don't stop!\"",
            ),
            a=r1,
            b=r2,
        )
    )
    p4.append(
        pick_filled(
            rng,
            (
                "Slow and steady can win the race.",
                "From then on, {a} and {b} were good friends.",
                "And {a} never boasted again.",
            ),
            a=r1,
            b=r2,
        )
    )
    paras.append(p4)
    return paras


def message_story(rng: random.Random):
    """A message passed along a chain, word for word."""
    x = random_child(rng)
    y = random_child(rng, male=not x.male)
    msg = pick(rng, WORDS.message_a) + ", so " + pick(rng, WORDS.message_b)
    chain = [a for a, _ in rng.sample(WORDS.land_animals, rng.randint(2, 4))]
    if rng.random() < 0.6:
        village = made_up_name(rng)
        far = pick(
            rng, ("in the village of {v}", "far away in {v}", "in a town called {v}", "on a farm near {v}")
        ).format(v=village)
        to_y = f"{y} in {village}"
    else:
        far = pick(
            rng,
            (
                "on the other side of the hill",
                "across the river",
                "at the far end of the valley",
                "on a farm far away",
                "in the next village",
            ),
        )
        to_y = y.name
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(pick_filled(rng, ("{x}'s friend {y} lived {f}.", "{x}'s cousin {y} lived {f}."), x=x, y=y, f=far))
    p1.append(
        pick_filled(
            rng, ("{t}, {x} had news for {y}.", "{t}, {x} needed to tell {y} something."), x=x, y=y, t=_one_day(rng)
        )
    )
    p1.append(
        pick_filled(rng, ("But it was too far for {x} to walk.", "But {x} was too little to go so far alone."), x=x)
    )
    paras.append(p1)
    prev = None
    for i, an in enumerate(chain):
        para = []
        if i == 0:
            para.append(
                pick_filled(
                    rng,
                    (
                        'So {x} asked the {a}, "Please tell {y} that {m}."',
                        '{x} saw the {a} and said, "Please tell {y} that {m}."',
                    ),
                    x=x,
                    y=to_y,
                    a=an,
                    m=msg,
                )
            )
            para.append(f"The {an} said yes and ran off.")
        else:
            para.append(
                pick_filled(
                    rng,
                    (
                        'The {p} met the {a} and said, "Please tell {y} that {m}."',
                        'At the {n}, the {p} got tired. It said to the {a}, "Please tell {y} that {m}."',
                    ),
                    p=prev,
                    a=an,
                    y=to_y,
                    m=msg,
                    n=pick(rng, WORDS.nature),
                )
            )
            para.append(pick_filled(rng, ("The {a} nodded and hurried on.", "So the {a} went on its way."), a=an))
        prev = an
        paras.append(para)
    last = [
        pick_filled(
            rng,
            (
                'At last the {a} found {y} and said, "{x} says that {m}."',
                'The {a} knocked on {y}\'s door. "{x} says that {m}," it said.',
            ),
            a=prev,
            y=y,
            x=x,
            m=msg,
        )
    ]
    last.append(
        pick_filled(
            rng,
            (
                "{y} was so happy. {y.He} thanked the {a} and set off at once.",
                '"Thank you!" said {y}. {y.He} packed a bag and went to see {x}.',
            ),
            y=y,
            a=prev,
            x=x,
        )
    )
    last.append(
        pick_filled(
            rng,
            (
                "When {y} got there, {x} gave {y.him} a big hug.",
                "{x} was waiting at the gate, and {x.he} waved when {x.he} saw {y}.",
                "{y} arrived just in time, and {x} was so glad to see {y.him}.",
            ),
            x=x,
            y=y,
        )
    )
    last.append(
        pick_filled(
            rng,
            (
                "And all the animals who had carried the message came too.",
                "They sent a thank-you note back with the animals.",
                "It was the best day of the summer.",
            ),
            x=x,
        )
    )
    paras.append(last)
    return paras


def recipe_story(rng: random.Random):
    """Steps of a recipe taught once and recited later in the same order."""
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
    p1.append(
        pick_filled(
            rng,
            ("{t}, {a} and {x} made {d} together.", "{t}, {a} taught {x} how to make {d}."),
            t=_one_day(rng),
            a=ad,
            x=x,
            d=dish,
        )
    )
    p1.append(f'"Listen carefully," said {ad}. "{said}"')
    p1.append(
        pick_filled(
            rng,
            ("{x} put in {s0}. Then {x.he} put in {s1}.", "{x} did it all just right.", "{x} stirred and stirred."),
            x=x,
            s0=steps[0],
            s1=steps[1],
        )
    )
    p1.append(
        pick_filled(
            rng,
            (
                "Soon the kitchen smelled wonderful.",
                "When it was done, {x} tasted it. It was yummy!",
                "They ate it all up.",
            ),
            x=x,
        )
    )
    paras.append(p1)
    p2 = [
        pick_filled(rng, ("The next day, {y} came to play.", "A few days later, {x}'s friend {y} came over."), x=x, y=y)
    ]
    p2.append(
        pick_filled(
            rng,
            ('"Can you show me how to make {d}?" asked {y}.', '{y} said, "I wish I knew how to make {d}."'),
            y=y,
            d=dish,
        )
    )
    p2.append(
        pick_filled(
            rng,
            ('"Yes!" said {x}. "{s}"', '{x} remembered every word. "{sc}" {x.he} said.'),
            x=x,
            s=said,
            sc=said[:-1] + ",",
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                "{y} did just what {x} said, and {y.his} {b} turned out perfect.",
                "They made {d} together, and {y} said it was the best thing {y.he} had ever eaten.",
                "{y} was so pleased that {y.he} gave {x.him} a big hug.",
            ),
            x=x,
            y=y,
            d=dish,
            b=bare,
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                "Later, {x} told {a} all about it, and {a} was very proud of {x.him}.",
                "That night, {x} dreamed of {d}.",
                "The end.",
            ),
            x=x,
            a=ad,
            d=dish,
        )
    )
    paras.append(p2)
    return paras


def goodnight_story(rng: random.Random):
    """Saying good night to a list of things, in the same order, twice."""
    x = random_child(rng)
    ad = random_adult(rng, not x.male)
    things = rng.sample(WORDS.goodnight_things, rng.randint(3, 5))
    toy = random_thing(rng, WORDS.carry_things, adj_p=0.5)
    paras = []
    p1 = [_intro(rng, x)]
    p1.append(
        pick_filled(
            rng,
            (
                "Every night, {x} had a special way of going to bed.",
                "{x} did not like going to bed, but {x.he} had a trick.",
            ),
            x=x,
        )
    )
    p1.append(
        pick_filled(
            rng,
            ("First, {x.he} put {t.a} at the end of {x.his} bed.", "{x.He} always took {t.a} to bed with {x.him}."),
            x=x,
            t=toy,
        )
    )
    gn = " ".join(f"Good night, {t}." for t in things)
    p1.append(
        pick_filled(rng, ('Then {x.he} said good night to everything: "{g}"', 'Then {x.he} said: "{g}"'), x=x, g=gn)
    )
    paras.append(p1)
    p2 = [
        pick_filled(
            rng,
            ("{t}, {x} went to stay with {a}.", "{t}, {x} slept at {a}'s house for the first time."),
            t=pick(rng, ("One weekend", "One night", "In the summer", "Last winter", "One Friday")),
            x=x,
            a=ad,
        )
    ]
    p2.append(
        pick_filled(
            rng,
            ("{a} read {x} a story about {p}.", "They had {l} for dinner.", "They played a game of cards before bed."),
            a=ad,
            x=x,
            p=plural(pick(rng, WORDS.animals)),
            l=pick(rng, WORDS.lunches),
        )
    )
    p2.append(
        pick_filled(
            rng,
            ("But when the light went out, {x} could not sleep.", "In bed, {x} felt strange. It was not {x.his} room."),
            x=x,
        )
    )
    p2.append(
        pick_filled(rng, ('"What do you do at home?" asked {a}.', '{a} sat on the bed. "What helps you sleep?"'), a=ad)
    )
    p2.append(
        pick_filled(
            rng,
            ('So {x} held {t.the} and said: "{g}"', '{x} looked out of the window and said it quietly: "{g}"'),
            x=x,
            t=toy,
            g=gn,
        )
    )
    p2.append(
        pick_filled(
            rng,
            (
                "Soon {x} was fast asleep.",
                "{a} smiled, and {x} closed {x.his} eyes.",
                "And before {a} could say good night, {x} was asleep.",
            ),
            x=x,
            a=ad,
        )
    )
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
