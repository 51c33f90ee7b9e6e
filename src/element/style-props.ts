import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

type StyleProps = Readonly<Record<string, string | undefined>>;

/**
 * Sets inline style properties through the CSSOM (`style.setProperty`), on
 * every render including the first: `<span ${styleProps({ width: '40%' })}>`.
 *
 * Lit's `styleMap` writes a `style` attribute on first render, which a strict
 * Content-Security-Policy (`style-src 'self'`, no 'unsafe-inline') blocks;
 * CSSOM writes are allowed. Property names are CSS names (`width`, `--x`).
 */
class StylePropsDirective extends Directive {
  private names = new Set<string>();

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) {
      throw new Error('styleProps() goes on an element: <span ${styleProps({ width: "40%" })}>');
    }
  }

  render(_props: StyleProps): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [props]: [StyleProps]): typeof noChange {
    const { style } = part.element as HTMLElement;
    for (const name of this.names) {
      if (props[name] == null) {
        style.removeProperty(name);
        this.names.delete(name);
      }
    }
    for (const [name, value] of Object.entries(props)) {
      if (value == null) continue;
      style.setProperty(name, value);
      this.names.add(name);
    }
    return noChange;
  }
}

export const styleProps = directive(StylePropsDirective);
