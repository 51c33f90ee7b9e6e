// The manifest documents what the JSDoc tags say. The analyzer also guesses
// events from `dispatchEvent(new SomeEvent(...))` calls, which yields nameless
// entries for our typed event classes; keep only named events. Modules are
// sorted by path so that the file does not change with the file system's order.
export default {
  litelement: true,
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.styles.ts'],
  plugins: [
    {
      name: 'khountous-named-events-only',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path));
        for (const module of customElementsManifest.modules) {
          for (const declaration of module.declarations ?? []) {
            if (declaration.events) {
              declaration.events = declaration.events.filter((event) => /^khountous-/.test(event.name ?? ''));
            }
          }
        }
      },
    },
  ],
};
