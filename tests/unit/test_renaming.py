import random
import re

from sprout.corpus.data import BatchMaker, Mix
from sprout.corpus.renaming import gender_of, rename_characters

STORY = (
    "Tom and Lily went to the park. Tom had a kite and Lily had a ball. "
    "Tom's kite got stuck, so he asked Lily for help. Mom smiled."
)


def test_each_name_gets_one_new_name_of_its_gender_through_the_story():
    for seed in range(20):
        renamed = rename_characters(STORY, random.Random(seed), made_up_share=0.0)
        words = re.findall(r"[A-Z][a-z]+", renamed)
        boy, girl = words[0], words[1]
        assert "Tom" not in words and "Lily" not in words and boy != girl
        assert gender_of(boy) == "boy" and gender_of(girl) == "girl"
        assert renamed == STORY.replace("Tom", boy).replace("Lily", girl)


def test_made_up_names_and_untouched_stories():
    renamed = rename_characters(STORY, random.Random(3), made_up_share=1.0)
    assert not any(gender_of(name) for name in re.findall(r"[A-Z][a-z]+", renamed))
    assert "Mom smiled." in renamed and renamed.count(" he ") == 1
    no_names = "The cat sat on the mat. It was happy."
    assert rename_characters(no_names, random.Random(0)) == no_names


def test_renamed_tinystories_documents(tokenizer):
    mix = Mix(generated=0.0, tinystories=1.0, rename=1.0, single_story=1.0)
    rows, _ = BatchMaker(tokenizer, mix, seed=0, real_stories=[STORY]).batch(0, 4, 64)
    texts = {tokenizer.decode([t for t in row[1:] if t != tokenizer.start_id]) for row in rows.tolist()}
    assert len(texts) > 1 and all("Tom" not in text and "Lily" not in text for text in texts)
    real_names = Mix(generated=0.0, tinystories=1.0, rename=1.0, rename_made_up=0.0, single_story=1.0)
    rows, _ = BatchMaker(tokenizer, real_names, seed=0, real_stories=[STORY]).batch(0, 4, 64)
    for row in rows.tolist():
        names = re.findall(r"[A-Z][a-z]+", tokenizer.decode(row))[:2]
        assert [gender_of(name) for name in names] == ["boy", "girl"], names
    plain = Mix(generated=0.0, tinystories=1.0, single_story=1.0)
    rows, _ = BatchMaker(tokenizer, plain, seed=0, real_stories=[STORY]).batch(0, 1, 64)
    assert "Tom" in tokenizer.decode(rows[0].tolist())
