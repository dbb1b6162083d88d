"""New names for the characters of a real story, the same all through the story.

The TinyStories sample is small (870k tokens of training stories in train-a and train-b, 1.48M
with train-c), so a long run reads each story many times and can learn its names by heart:
"Tom" is then predicted from memory of that story, not from the context. With the characters
renamed afresh on every reading, a name can only be predicted by finding it earlier in the
story, and "he" or "she" only by the name's gender, which is the in-context work the chapter's
examples show."""

import functools
import re

from .made_up_names import made_up_name
from .words import WORDS

# common TinyStories names missing from the generator's lists
EXTRA_BOYS = ("Timmy", "Tommy", "John", "Billy", "Jimmy", "Andy", "Benny", "Bobby", "Sammy")
EXTRA_GIRLS = ("Sarah", "Jill", "Jen", "Susie", "Lisa", "Sandy")


@functools.cache
def _known_names(boys, girls):
    """The gender of every name a story is searched for, and the pattern that finds them."""
    gender_of = {**{n: "boy" for n in boys + EXTRA_BOYS}, **{n: "girl" for n in girls + EXTRA_GIRLS}}
    return gender_of, re.compile(r"\b(" + "|".join(sorted(gender_of, key=len, reverse=True)) + r")\b")


def gender_of(name):
    """ "boy" or "girl" for a name that renaming knows, None for any other."""
    return _known_names(WORDS.boy_names, WORDS.girl_names)[0].get(name)


def rename_characters(story, rng, made_up_share=0.5):
    """The story with every known first name swapped for another one of the same gender, or
    (in made_up_share of the names) for a made-up name. Two characters never share a name."""
    boys, girls = WORDS.boy_names, WORDS.girl_names
    genders, pattern = _known_names(boys, girls)
    found = list(dict.fromkeys(pattern.findall(story)))
    if not found:
        return story
    taken = set(found)
    new_names = {}
    for name in found:
        while True:
            if rng.random() < made_up_share:
                new = made_up_name(rng)
            else:
                new = rng.choice(boys if genders[name] == "boy" else girls)
            if new not in taken:
                break
        taken.add(new)
        new_names[name] = new
    return pattern.sub(lambda m: new_names[m.group(1)], story)
