import { LEGEND_STATES, stateLabel } from './dagGridModel';

/** Names every state next to its colour: colour is not the only signal. */
export function GridLegend() {
  return (
    <ul className="dg-legend" aria-label="Task states">
      {LEGEND_STATES.map((state) => (
        <li key={state}>
          <span className={`dg-swatch dg-s-${state}`} aria-hidden="true" />
          {stateLabel(state)}
        </li>
      ))}
    </ul>
  );
}
