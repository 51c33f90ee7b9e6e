/**
 * The table beside a graphic of the 14 regions (the region chart, the map): each region's
 * value of the indicator shown, read by screen readers, and shown to every reader by a button
 * that says its state. One owner for both widgets, so that they read the same.
 */
import { css, html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { bdi } from '../element/bdi.js';

/** One row: the region's name and its value as written. */
export interface RegionRow {
  readonly name: string;
  readonly value: string;
}

/** The table's words, in the widget's language. */
export interface RegionTableText {
  /** Its caption (read, not shown: the widget's title says it). */
  readonly caption: string;
  /** The heads of its two columns. */
  readonly region: string;
  readonly indicator: string;
  /** The button's label. */
  readonly showTable: string;
}

/**
 * The table with its button, and whether the table is shown to sighted readers too: the
 * element that shows it holds one, which asks it to render again when the button is pressed.
 */
export class RegionTable {
  private shown = false;

  constructor(private readonly host: ReactiveControllerHost) {}

  /** The table (its wrapper hidden but read, unless shown) and the button that shows or hides it. */
  render(text: RegionTableText, rows: readonly RegionRow[]): TemplateResult {
    return html`<!-- A table ignores the height and overflow of the hiding pattern: its wrapper is hidden. -->
      <div class="table-wrap ${this.shown ? '' : 'visually-hidden'}">
        <table part="table">
          <caption class="visually-hidden">
            ${text.caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">${text.region}</th>
              <th scope="col" class="num">${text.indicator}</th>
            </tr>
          </thead>
          <tbody>
            ${rows.map(
              (row) =>
                html`<tr>
                  <th scope="row">${bdi(row.name)}</th>
                  <td class="num">${row.value}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        class="toggle"
        part="toggle"
        aria-expanded=${this.shown ? 'true' : 'false'}
        @click=${() => {
          this.shown = !this.shown;
          this.host.requestUpdate();
        }}
      >
        ${text.showTable}
      </button>`;
  }
}

/** The table's and its button's styles. */
export const regionTableStyles = css`
  table {
    width: 100%;
    border-collapse: collapse;
    margin-block-start: 0.75em;
    font-variant-numeric: tabular-nums;
    font-size: 0.9em;
  }
  th,
  td {
    text-align: start;
    padding: 0.3em 0.4em;
    border-block-end: 1px solid var(--_border);
  }
  /* A figure's column, its heading over its figures: both at the end. */
  .num {
    text-align: end;
  }
  td.num {
    overflow-wrap: normal;
    white-space: nowrap;
  }
  .toggle {
    margin-block-start: 0.75em;
  }
`;
