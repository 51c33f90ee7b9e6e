/**
 * Gettext for the WordPress plugin's translations: .po in, .mo out (GNU
 * gettext's format: a header, two tables of lengths and offsets, then the
 * strings; no hash table, which readers allow).
 */

interface PoEntry {
  context?: string;
  id: string;
  plural?: string;
  strings: string[];
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<PoEntry> & { strings: string[] } = { strings: [] };
  let field: 'context' | 'id' | 'plural' | number | undefined;
  const unquote = (raw: string) => JSON.parse(raw) as string;
  const flush = () => {
    if (current.id !== undefined) entries.push(current as PoEntry);
    current = { strings: [] };
    field = undefined;
  };
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      if (trimmed === '' && current.id !== undefined && current.strings.length > 0) flush();
      continue;
    }
    const match = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(trimmed);
    if (match) {
      const [, keyword, index, value] = match;
      if ((keyword === 'msgctxt' || keyword === 'msgid') && current.strings.length > 0) flush();
      if (keyword === 'msgctxt') field = 'context';
      else if (keyword === 'msgid') field = 'id';
      else if (keyword === 'msgid_plural') field = 'plural';
      else field = Number(index ?? 0);
      const text = unquote(value!);
      if (typeof field === 'number') current.strings[field] = text;
      else current[field] = text;
    } else if (trimmed.startsWith('"') && field !== undefined) {
      const text = unquote(trimmed);
      if (typeof field === 'number') current.strings[field] += text;
      else current[field] = (current[field] ?? '') + text;
    } else {
      throw new Error(`.po: cannot read the line ${JSON.stringify(line)}`);
    }
  }
  flush();
  return entries;
}

export function compileMo(entries: PoEntry[]): Buffer {
  const kept = entries
    .filter((entry) => entry.id === '' || entry.strings.some((text) => text !== ''))
    .map((entry) => ({
      key:
        (entry.context !== undefined ? `${entry.context}\u0004` : '') +
        entry.id +
        (entry.plural !== undefined ? `\0${entry.plural}` : ''),
      value: entry.strings.join('\0'),
    }))
    .sort((a, b) => (Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)) < 0 ? -1 : 1));
  const count = kept.length;
  const headerSize = 28;
  const tables = headerSize + count * 16;
  const keys = kept.map((entry) => Buffer.from(entry.key, 'utf8'));
  const values = kept.map((entry) => Buffer.from(entry.value, 'utf8'));
  const header = Buffer.alloc(tables);
  header.writeUInt32LE(0x950412de, 0);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(count, 8);
  header.writeUInt32LE(headerSize, 12);
  header.writeUInt32LE(headerSize + count * 8, 16);
  header.writeUInt32LE(0, 20);
  header.writeUInt32LE(tables, 24);
  const chunks: Buffer[] = [header];
  let offset = tables;
  const place = (buffers: Buffer[], tableStart: number) => {
    buffers.forEach((buffer, index) => {
      header.writeUInt32LE(buffer.length, tableStart + index * 8);
      header.writeUInt32LE(offset, tableStart + index * 8 + 4);
      chunks.push(buffer, Buffer.from([0]));
      offset += buffer.length + 1;
    });
  };
  place(keys, headerSize);
  place(values, headerSize + count * 8);
  return Buffer.concat(chunks);
}
