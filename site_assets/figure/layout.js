// How a chart of the chapter is laid out and coloured: used by <sprout-figure> when it draws the
// interactive chart, and by build_site/stills.py when it draws the still pictures the page shows
// first, so a still and the chart that replaces it look the same.

// the mode bar keeps what readers use: a PNG download and resetting the axes (no cloud upload)
export const PLOTLY_CONFIG = {
  responsive: true,
  displaylogo: false,
  modeBarButtons: [['toImage', 'resetScale2d']],
};

export const NARROW = 520; // px: below this a side legend would squeeze the plot

// The widths the stills are drawn at; a still is scaled to the figure's width on the page.
export const STILL_WIDTHS = { wide: 720, narrow: 360 };

export function chartHeight(figure) {
  return figure.layout.height || 420;
}

/** The layout of a chart `width` px wide (the page's caption names the figure, so no title). */
export function chartLayout(figure, width, height = chartHeight(figure)) {
  const layout = {
    ...figure.layout,
    autosize: false,
    width,
    height,
    title: undefined,
    margin: { ...figure.layout.margin, t: 16 },
  };
  if (width < NARROW) Object.assign(layout, narrowLayout(layout));
  return layout;
}

// On a phone the legend goes above the plot and the text shrinks, so the plot keeps its width.
export function narrowLayout(layout) {
  return {
    legend: { ...layout.legend, orientation: 'h', x: 0, xanchor: 'left', y: 1.02, yanchor: 'bottom' },
    margin: { ...layout.margin, l: 48, r: 24, t: layout.showlegend === false ? 16 : 48 },
    font: { ...layout.font, size: 11 },
  };
}

/** The relayout that gives a chart the text and grid colours of the light or dark palette. */
export function themeUpdate(layout, dark) {
  const grid = dark ? 'rgba(255,255,255,0.15)' : 'rgba(0,0,0,0.12)';
  const update = { 'font.color': dark ? '#e2e4e9' : '#1f2328' };
  for (const key of Object.keys(layout)) {
    if (/^[xy]axis\d*$/.test(key)) {
      update[`${key}.gridcolor`] = grid;
      update[`${key}.zerolinecolor`] = grid;
    }
  }
  return update;
}
