// The floor of the byte figures: the smallest useful Lit element (a reactive
// property, a style, a template), bundled like the kit (production Lit,
// minified). Every element of the kit ships at least this.
import { LitElement, css, html } from 'lit';

class BenchFloor extends LitElement {
  static properties = { name: {} };
  static styles = css`
    :host {
      display: block;
    }
  `;

  constructor() {
    super();
    this.name = 'floor';
  }

  render() {
    return html`<p>Hello, ${this.name}</p>`;
  }
}

customElements.define('bench-floor', BenchFloor);
