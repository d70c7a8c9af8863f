/**
 * Passes a value on only when it differs from the last one passed on (compared as JSON): a status
 * or an overview recomputed on every cycle goes to the views only when something in it changed.
 */
export function onlyWhenChanged<T>(publish: (value: T) => void): (value: T) => void {
  let last = '';
  return (value) => {
    const json = JSON.stringify(value);
    if (json === last) return;
    last = json;
    publish(value);
  };
}
