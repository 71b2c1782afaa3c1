// A Vega-Lite chart as SVG, in Node: compiled to Vega and rendered headless (renderer 'none'), no canvas. Without
// node-canvas, Vega estimates a text's width from its length, generously: labels get room to spare, never cut.
// Vega is loaded on the first chart only: a run that draws none (--list) does not pay for it.
import type { TopLevelSpec } from 'vega-lite';

/** What every chart of the reports shares: a white ground (an SVG opened on its own), plain fonts. */
export const CHART_CONFIG = {
  background: 'white',
  font: 'sans-serif',
  axis: { labelFontSize: 11, titleFontSize: 11 },
  // Vega's estimate of a text's width is generous: longer limits than its 180 px keep a legend's words whole.
  legend: { labelFontSize: 11, titleFontSize: 11, labelLimit: 320, titleLimit: 320 },
  title: { fontSize: 13, anchor: 'start' },
} as const;

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
