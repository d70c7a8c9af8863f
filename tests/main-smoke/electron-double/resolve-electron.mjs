// Module resolve hook (docs: node:module › Customization hooks): 'electron' is the double.
const double = new URL('./electron.ts', import.meta.url).href;

export async function resolve(specifier, context, next) {
  // Resolved by the next hook (tsx's), which then also transpiles it.
  if (specifier === 'electron') return next(double, context);
  return next(specifier, context);
}
