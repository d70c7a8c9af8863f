/** Quotes one Exec argument as the Desktop Entry spec asks (reserved characters, then `%`). */
function quoteExecArg(arg: string): string {
  const escapedPercent = arg.replaceAll('%', '%%');
  if (!/[\s"'\\><~|&;$*?#()`]/.test(arg)) return escapedPercent;
  return `"${escapedPercent.replace(/(["`$\\])/g, '\\$1')}"`;
}

/**
 * The XDG autostart entry (`~/.config/autostart/zonewatch.desktop`) that launches Zonewatch at
 * login on Linux, where Electron's setLoginItemSettings does nothing. `exec` is the AppImage
 * when running from one (process.execPath would point into its temporary mount).
 */
export function autostartDesktopEntry(exec: string, args: readonly string[] = []): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Zonewatch',
    'Comment=Watch proxy-zone spend and control zones from the tray',
    `Exec=${[exec, ...args].map(quoteExecArg).join(' ')}`,
    'Icon=zonewatch',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
