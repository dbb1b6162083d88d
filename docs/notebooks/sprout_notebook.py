# %% [markdown]
# # Sprout in your own notebook
#
# The chapter's widgets work in a notebook too, for any text and any checkpoint: the published
# Sprout, gpt-1, or a folder your own `sprout train` run wrote. Each call runs the model once, with
# the code that measures the site's examples, and returns a view that Jupyter (Lab or the classic
# notebook), VS Code and nbconvert display. The view carries the widgets and its data inside the
# output and fetches nothing, so it works offline and still draws when the notebook is saved and
# reopened with the kernel stopped.
#
# This page is that notebook, executed when the site was built
# ([download it](../sprout_notebook.ipynb) and run it in a checkout of the project after
# `make setup`).
#
# | call | the widget | shows |
# |---|---|---|
# | `notebook.explorer(text, checkpoint=...)` | W2 | where one head looks, token by token |
# | `notebook.heads(text, checkpoint=...)` | W5 | every head's map at once, and the heads' scores on your text |
# | `notebook.story(text, checkpoint=...)` | W1 | the text with a cursor, and each model's next-token guesses there |

# %%
from sprout import notebook

text = ("Pip the little fox lived at the edge of the wood. Every morning Pip ran to the river "
        "to drink. One day the river was gone, and only mud was left. Pip was sad. Then Pip "
        "heard the rain, and the river came back. Pip drank and drank.")

notebook.explorer(text, layer=5, head=4)

# %% [markdown]
# ## Every head at once
#
# A made-up name that no training story holds: Sprout can only predict its second half by
# copying from earlier in the text. With `highlight="induction"` the three heads that do most
# of that copying on this text are outlined; choose a head to enlarge its map.

# %%
made_up = ("A tiny robot named Quibble Froon lived in a box. Every night Quibble Froon "
           "counted the stars. The moon asked, \"Who are you?\" \"I am Quibble Froon,\" "
           "said the robot.")

notebook.heads(made_up, highlight="induction")

# %% [markdown]
# ## Another checkpoint: gpt-1
#
# `checkpoint` takes a published name or a folder. gpt-1 is one block of four heads.

# %%
notebook.heads(made_up, checkpoint="gpt1", highlight="previous_token")

# %% [markdown]
# ## The predictions
#
# Move the cursor to see what each model expects next: the window network sees only the last
# eight tokens, gpt-1 (or Sprout, the default) the whole text before the cursor.

# %%
notebook.story(made_up, checkpoint="gpt1")

# %% [markdown]
# ## What an output weighs
#
# The attention travels as one byte per weight of each head's lower triangle, zlib-compressed;
# the widgets' code (about 50 kB) comes with every output.

# %%
view = notebook.heads(made_up)
print(view)
print(f"{view.nbytes:,} bytes in all, {view.data_bytes:,} of them the story and its attention")

# %% [markdown]
# ## When the input is wrong
#
# Every mistake is one line, raised before anything is drawn; a text longer than the model's
# context is cut, and the view says where.

# %%
mistakes = [dict(text="   "),  # nothing to read
            dict(text=text, checkpoint="runs/not-a-run"),  # no checkpoint there
            dict(text=text * 12, cut=False)]  # longer than Sprout's 512 tokens, and no cutting allowed
for bad in mistakes:
    try:
        notebook.explorer(**bad)
    except notebook.ViewError as error:
        print("ViewError:", error)
