// Loader hook: `import ... from 'electron'` → the stand-in; everything else resolves as usual.
const standIn = new URL('./electron-stand-in.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true };
  return next(specifier, context);
}
