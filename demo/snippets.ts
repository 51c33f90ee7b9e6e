/**
 * The code the embed builder gives to copy: a script tag, an iframe on the
 * embed page, or npm/React code. Attribute values are escaped for HTML.
 */
export type SnippetFormat = 'script' | 'iframe' | 'react';

export interface SnippetInput {
  /** The element's tag, `khountous-ranking`. */
  tag: string;
  /** Attribute name and value; a boolean attribute that is set has the value ''. */
  attributes: readonly (readonly [string, string])[];
  /** Where the kit's files (dist/) are published, ending with a slash. */
  host: string;
}

export const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const attributeList = (attributes: SnippetInput['attributes']) =>
  attributes
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');

const componentName = (tag: string) =>
  tag.replace(/^khountous/, 'Khountous').replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());

export function snippet(format: SnippetFormat, { tag, attributes, host }: SnippetInput): string {
  const base = host.endsWith('/') ? host : `${host}/`;
  switch (format) {
    case 'iframe': {
      const params = new URLSearchParams({ widget: tag.replace(/^khountous-/, '') });
      for (const [name, value] of attributes) params.set(name, value === '' ? 'true' : value);
      return [
        `<iframe src="${escapeAttribute(`${base}embed.html?${params}`)}"`,
        `  title="Khountous" width="100%" height="480" frameborder="0" loading="lazy"></iframe>`,
        `<!-- Optional, once per page: sizes the iframe to its content. -->`,
        `<script src="${escapeAttribute(base)}embed-resize.js" async></script>`,
      ].join('\n');
    }
    case 'react':
      return [
        `// npm install khountous-widgets`,
        `import 'khountous-widgets/elements/${tag}.js';`,
        ``,
        `export function ${componentName(tag)}() {`,
        `  return <${tag}${attributeList(attributes)} />;`,
        `}`,
      ].join('\n');
    default:
      return [
        `<!-- Once per page: -->`,
        `<script type="module" src="${escapeAttribute(base)}khountous.js"></script>`,
        `<!-- Where the widget goes: -->`,
        `<${tag}${attributeList(attributes)}></${tag}>`,
      ].join('\n');
  }
}
