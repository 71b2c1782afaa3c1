// The overview's first chart: the run's rules by area and verdict, as stacked bars (Vega-Lite).
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CONFIG } from './chart-render.js';
import { areaLabel, rulesByArea, VERDICT_COLOURS } from './rules-by-area.js';
import { RULE_STATUSES, type Summary } from './summary-model.js';

export function rulesChart(rules: Summary['rules']): TopLevelSpec {
  const areas = rulesByArea(rules);
  const values = areas.flatMap(({ area, counts }) =>
    RULE_STATUSES.filter((verdict) => counts[verdict] > 0).map((verdict) => ({
      area: areaLabel(area),
      verdict,
      order: RULE_STATUSES.indexOf(verdict),
      rules: counts[verdict],
    })),
  );
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Rules by area and verdict',
    config: CHART_CONFIG,
    width: 480,
    data: { values },
    mark: { type: 'bar', tooltip: true },
    encoding: {
      y: { field: 'area', type: 'nominal', title: null, sort: areas.map((a) => areaLabel(a.area)) },
      x: { field: 'rules', type: 'quantitative', stack: 'zero', title: 'rules' },
      color: {
        field: 'verdict',
        type: 'nominal',
        title: 'verdict',
        scale: { domain: [...RULE_STATUSES], range: RULE_STATUSES.map((v) => VERDICT_COLOURS[v].hex) },
      },
      order: { field: 'order', type: 'quantitative' },
    },
  };
}
