"""The chapter's Plotly figures, built in Python (build_artifacts/figure_files.py writes them as
Plotly JSON and standalone HTML).

Theming: ONE figure per chart, for light and dark alike. The figures carry no template, no
background and no text colour: backgrounds are transparent and the page (or, in the standalone
HTML, a few lines of script that follow `prefers-color-scheme`) sets the font and grid colours
with Plotly.relayout. The only colours in the data are colour-blind-safe ones that read on both
backgrounds: the Viridis scale for heatmaps and Okabe-Ito hues for lines and bars.
No story text goes into a figure, so nothing a reader sees there can be read as HTML.
"""

import html

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from sprout.published_models import BY_NAME, NAMES

CORPUS_NAMES = {"generated": "generated stories", "tinystories_validation": "TinyStories validation"}
SCALE = "Viridis"
BASE_LAYOUT = dict(
    template="none", paper_bgcolor="rgba(0,0,0,0)", plot_bgcolor="rgba(0,0,0,0)", margin=dict(l=60, r=20, t=50, b=50)
)


def _r(values, digits=4):
    return [float(f"{v:.{digits}g}") for v in values]


def f1_figure(spread):
    fig = go.Figure(layout=BASE_LAYOUT)
    fig.add_scatter(x=spread["d"], y=_r(spread["unscaled"]), mode="lines", name="q·k", line=dict(color="#D55E00"))
    fig.add_scatter(x=spread["d"], y=_r(spread["scaled"]), mode="lines", name="q·k / √d", line=dict(color="#0072B2"))
    fig.update_layout(title="Spread of q·k for random vectors", legend=dict(x=0.02, y=0.98))
    fig.update_xaxes(type="log", title="d (numbers per vector)")
    fig.update_yaxes(type="log", title="standard deviation")
    return fig


def induction_figure(curves, repeat_length):
    fig = go.Figure(layout=BASE_LAYOUT)
    for name in NAMES:
        c = curves[name]
        x, mean, std = c["positions"], np.array(c["mean"]), np.array(c["std"])
        colour, label = BY_NAME[name].colour, BY_NAME[name].display
        low = np.maximum(mean - std, 0)  # a loss is never below 0 nats
        fig.add_scatter(
            x=x + x[::-1],
            y=_r(np.concatenate([mean + std, low[::-1]])),
            fill="toself",
            mode="none",
            fillcolor=_translucent(colour),
            hoverinfo="skip",
            name=f"{label}: mean ± std (upper edge, then lower edge)",
            showlegend=False,
            legendgroup=name,
        )
        fig.add_scatter(x=x, y=_r(mean), mode="lines", name=label, legendgroup=name, line=dict(color=colour))
    fig.add_vline(x=repeat_length + 0.5, line=dict(dash="dot", color="#888888"))
    fig.update_layout(title="Loss per token: random tokens, then the same tokens again")
    fig.update_xaxes(title="token position (the repeat starts at the dotted line)")
    fig.update_yaxes(title="loss (nats), mean ± std", rangemode="tozero")
    return fig


def _translucent(hex_colour, alpha=0.2):
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def head_score_figure(title, matrices):
    """One heatmap per model (trained Sprout, untrained baseline): layers down, heads across."""
    names = list(matrices)
    fig = make_subplots(1, len(names), subplot_titles=names, horizontal_spacing=0.08)
    for col, name in enumerate(names, 1):
        z = matrices[name]
        fig.add_heatmap(
            z=z,
            x=[f"head {h + 1}" for h in range(len(z[0]))],
            y=[f"layer {l + 1}" for l in range(len(z))],
            coloraxis="coloraxis",
            texttemplate="%{z:.2f}",
            hovertemplate="%{y}, %{x}: %{z:.3f}<extra></extra>",
            row=1,
            col=col,
        )
    fig.update_layout(**BASE_LAYOUT, title=title, coloraxis=dict(colorscale=SCALE, cmin=0, cmax=1))
    fig.update_yaxes(autorange="reversed")
    return fig


STORY_LINES = {  # training_story series -> (name, colour, dash); Okabe-Ito hues
    "best_previous_token": ("best previous-token score", "#009E73", "solid"),
    "best_first_token": ("best ◆ score", "#E69F00", "dot"),
    "best_induction": ("best induction score", "#0072B2", "solid"),
    "repeat_loss_first": ("first copy", "#CC79A7", "dot"),
    "repeat_loss_second": ("second copy (the repeat)", "#D55E00", "solid"),
}


STORY_FORMAT = {1: ".1%", 2: ".2f"}  # head scores as the chapter writes them, losses in nats


def training_story_figure(story, snapshots=()):
    """Head scores (top) and loss on [◆, R, R] (bottom) at every evaluation of every stage,
    the stages marked with dotted lines and their letters; scored snapshots (build_artifacts.
    snapshots), where given, as open diamonds on the same axes."""
    fig = make_subplots(2, 1, shared_xaxes=True, vertical_spacing=0.08)
    points = [e for stage in story["stages"] for e in stage["evaluations"]]
    steps = [e["step"] for e in points]
    for key, (name, colour, dash) in STORY_LINES.items():
        row = 2 if key.startswith("repeat") else 1
        fig.add_scatter(
            x=steps,
            y=[e.get(key) for e in points],
            mode="lines+markers",
            name=name,
            line=dict(color=colour, dash=dash),
            marker=dict(size=5),
            hovertemplate="step %{x}: %{y:" + STORY_FORMAT[row] + "}<extra>" + name + "</extra>",
            row=row,
            col=1,
        )
    for key, (name, colour, _) in STORY_LINES.items() if snapshots else ():
        fig.add_scatter(
            x=[p["step"] for p in snapshots],
            y=[p[key] for p in snapshots],
            mode="markers",
            name=f"{name}, snapshot",
            marker=dict(color=colour, symbol="diamond-open", size=9),
            customdata=[p["snapshot"] for p in snapshots],
            hovertemplate="%{customdata}, step %{x}: %{y:"
            + STORY_FORMAT[2 if key.startswith("repeat") else 1]
            + "}<extra>"
            + name
            + "</extra>",
            row=2 if key.startswith("repeat") else 1,
            col=1,
        )
    stages = [(s["name"], s["start"], s["end"]) for s in story["stages"]]
    after = [p for p in snapshots if p["stage"] not in {s[0] for s in stages}]
    if after:  # a later run, started from the published checkpoint
        end = stages[-1][2] if stages else 0
        stages.append((after[0]["stage"], end, max(p["step"] for p in after)))
    for name, start, end in stages:
        if start:
            for row in (1, 2):
                fig.add_vline(x=start, line=dict(dash="dot", color="#888888"), row=row, col=1)
        fig.add_annotation(
            x=(start + end) / 2,
            y=1.0,
            yref="y domain",
            showarrow=False,
            yanchor="bottom",
            text=f"stage {name}",
            row=1,
            col=1,
        )
    fig.update_layout(
        **BASE_LAYOUT,
        title="How Sprout's heads formed during training",
        height=560,
        legend=dict(orientation="h", y=-0.12),
    )
    fig.update_yaxes(title="best head score", range=[0, 1.05], tickformat=".0%", row=1, col=1)
    fig.update_yaxes(title="loss on [◆, R, R] (nats)", rangemode="tozero", row=2, col=1)
    fig.update_xaxes(title="training step (all stages end to end)", row=2, col=1)
    return fig


def loss_figure(table):
    fig = go.Figure(layout=BASE_LAYOUT)
    for name in table["order"]:
        row = table["models"][name]
        fig.add_bar(
            x=[CORPUS_NAMES.get(c, c) for c in table["corpora"]],
            y=_r([row["loss"][c] for c in table["corpora"]]),
            name=BY_NAME[name].display,
            marker_color=BY_NAME[name].colour,
            customdata=_r([row["e_loss"][c] for c in table["corpora"]]),
            hovertemplate="%{y:.3f} nats/token (e^loss %{customdata:.1f})<extra>" + BY_NAME[name].display + "</extra>",
        )
    fig.update_layout(title="Held-out loss (lower is better)", barmode="group")
    fig.update_yaxes(title="nats per token", rangemode="tozero")
    return fig


def attention_grid_figure(title, quantised):
    """All heads of one example: quantised (layers, heads, T, T) uint8 weights, 255 = 1."""
    L, H = quantised.shape[:2]
    fig = make_subplots(
        L,
        H,
        horizontal_spacing=0.01,
        vertical_spacing=0.01,
        column_titles=[f"head {h + 1}" for h in range(H)],
        row_titles=[f"layer {l + 1}" for l in range(L)],
    )
    for layer in range(L):
        for head in range(H):
            fig.add_heatmap(
                z=np.ascontiguousarray(quantised[layer, head]),
                coloraxis="coloraxis",
                hovertemplate=f"layer {layer + 1}, head {head + 1}<br>"
                "query %{y}, key %{x}: %{z}/255<extra></extra>",
                row=layer + 1,
                col=head + 1,
            )
    fig.update_layout(
        **BASE_LAYOUT,
        title=html.escape(title),
        height=160 * L + 80,
        coloraxis=dict(colorscale=SCALE, cmin=0, cmax=255, showscale=False),
    )
    fig.update_xaxes(showticklabels=False)
    fig.update_yaxes(showticklabels=False, autorange="reversed")
    return fig


DEPTH_COLOURS = {1: "#E69F00", 2: "#0072B2", 3: "#009E73", 4: "#CC79A7"}  # Okabe-Ito, by layer count


def layer_race_figure(table):
    """The layer race (sprout.chapter.race_record.layer_race_table): the copy loss of every run on
    the held-out batch against the step (top), with dashed lines at ln vocab (guessing evenly) and
    at half of it, and the best induction score of its layers above the first (bottom), one line
    per seed coloured by its number of layers; each run's sudden drop, where it had one, is a dot
    on both."""
    fig = make_subplots(2, 1, shared_xaxes=True, vertical_spacing=0.08)
    shown = set()
    steps = table["eval_steps"]
    for run in table["runs"]:
        depth = run["layers"]
        name = f"{depth} layer{'s' if depth > 1 else ''}"
        colour = DEPTH_COLOURS.get(depth, "#888888")
        for row, values, unit in ((1, run["copy_loss"], " nats"), (2, run["induction_score"], "")):
            fig.add_scatter(
                x=steps,
                y=_r(values),
                mode="lines",
                name=name,
                legendgroup=name,
                showlegend=depth not in shown and row == 1,
                line=dict(color=colour, width=1.5),
                hovertemplate=f"{name}, seed {run['seed']}, step %{{x}}: %{{y:.3f}}{unit}<extra></extra>",
                row=row,
                col=1,
            )
            if run["drop_step"] is not None:
                at = steps.index(run["drop_step"])
                fig.add_scatter(
                    x=[run["drop_step"]],
                    y=_r([values[at]]),
                    mode="markers",
                    name=f"{name}: sudden drop",
                    legendgroup=name,
                    showlegend=False,
                    marker=dict(color=colour, size=7),
                    hovertemplate=f"{name}, seed {run['seed']}: drop at step %{{x}}<extra></extra>",
                    row=row,
                    col=1,
                )
        shown.add(depth)
    for level, label in ((table["plateau"], "ln vocab: guessing evenly"), (table["threshold"], "half of ln vocab")):
        fig.add_hline(
            y=level,
            line=dict(dash="dash", color="#888888"),
            annotation_text=label,
            annotation_position="top right",
            row=1,
            col=1,
        )
    fig.update_layout(
        **BASE_LAYOUT, title="Copying a repeated run: 1, 2 and 3 attention layers, every seed", height=560
    )
    fig.update_xaxes(title="training step", row=2, col=1)
    fig.update_yaxes(title="loss on the repeat (nats)", rangemode="tozero", row=1, col=1)
    fig.update_yaxes(title="best induction score", range=[0, 1.05], tickformat=".0%", row=2, col=1)
    return fig


REMOVAL_ROWS = {
    "induction_head": "best induction head",
    "induction_heads": "all induction heads",
    "previous_token_head": "previous-token head",
    "tom_head": "Tom head",
}
REMOVAL_COLUMNS = {
    "repeat_loss": "loss on the repeat",
    "name_probe": "made-up names",
    "pronoun_ratio": "pronoun share",
    "pronoun_probe": "P(right pronoun)",
    "loss_generated": "generated stories",
    "validation": "TinyStories validation",
}


def removal_costs_figure(table):
    """What each removal costs (sprout.chapter.sections.damage.cost_table), one panel per measure:
    the row's change from intact with its bootstrap interval (blue) beside every control's change
    (grey), the worst control outlined; a loss's rise in nats, a probability's fall in points."""
    columns = table["columns"]
    titles = [REMOVAL_COLUMNS[c] + (" (nats of rise)" if c in table["rises"] else " (points of fall)") for c in columns]
    fig = make_subplots(len(columns), 1, subplot_titles=titles, vertical_spacing=0.05)
    for i, column in enumerate(columns, start=1):
        scale = 1 if column in table["rises"] else 100
        unit = " nats" if scale == 1 else " points"
        for row, label in REMOVAL_ROWS.items():
            cell = table["rows"].get(row, {}).get(column)
            if cell is None:
                continue
            controls = [scale * c for c in cell["controls"]]
            fig.add_scatter(
                x=[label] * len(controls),
                y=_r(controls),
                mode="markers",
                name="a control",
                legendgroup="controls",
                showlegend=i == 1 and row == "induction_heads",
                marker=dict(color="#999999", size=6, opacity=0.6),
                hovertemplate=f"a control of the {label}: %{{y:.3f}}{unit}<extra></extra>",
                row=i,
                col=1,
            )
            low, high = (scale * v for v in cell["interval"])
            change = scale * cell["change"]
            fig.add_scatter(
                x=[label],
                y=_r([change]),
                mode="markers",
                name="removed (95% interval)",
                legendgroup="removed",
                showlegend=i == 1 and row == "induction_heads",
                marker=dict(color="#0072B2", size=9),
                error_y=dict(type="data", symmetric=False, array=_r([high - change]), arrayminus=_r([change - low])),
                hovertemplate=f"the {label} removed: %{{y:.3f}}{unit}<extra></extra>",
                row=i,
                col=1,
            )
        fig.add_hline(y=0, line=dict(color="#888888", width=1), row=i, col=1)
    fig.update_layout(
        **BASE_LAYOUT,
        title="What each removal costs, beside its controls",
        height=180 * len(columns) + 80,
        legend=dict(orientation="h", y=-0.03),
    )
    return fig
