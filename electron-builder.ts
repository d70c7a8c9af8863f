// electron-builder's configuration (docs/desktop.md › Packaging). Installers: `npx electron-builder
// --linux` (AppImage, deb), `--mac` (dmg, and the zip updates use), `--win` (NSIS), after `npm run
// build`; electron-builder downloads Electron's binaries and its packaging tools, so that needs
// network access to GitHub releases. A version tag builds and publishes them all
// (.github/workflows/release.yml, docs/development.md › Making a release). `npm run package:check` builds the
// unpacked Linux app from this file, offline, and verifies it (scripts/package-check.ts).
import type { Configuration } from 'electron-builder';

/**
 * Electron's fuses, flipped in the packaged binary as Electron's security guide recommends
 * (docs/desktop.md › Packaging › Fuses). Every fuse @electron/fuses knows is set here, so none is
 * left at Electron's default by omission: the package check reads each one back from the binary.
 */
export const electronFuses = {
  // No `ELECTRON_RUN_AS_NODE=1`: the signed binary cannot be run as plain Node under the app's keychain permission.
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  // Enforced on macOS and Windows only; Linux has no embedded asar integrity.
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  // On while the window loads its module scripts from file:// (out/renderer): Vite's entry, its
  // preloads and every lazy chunk are CORS-mode fetches of file:// URLs, which only these extra
  // privileges allow. It can go off once the renderer is served from a custom protocol.
  grantFileProtocolExtraPrivileges: true,
} as const satisfies NonNullable<Configuration['electronFuses']>;

/**
 * The GitHub repository Zonewatch's releases are published to, and so where installed copies look
 * for updates (electron-builder writes it into each package's app-update.yml): the one place that
 * names it (docs/desktop.md › Packaging › Releases). The release workflow refuses to publish from
 * any other repository (scripts/release-check.ts).
 */
export const releaseRepository = { owner: 'zonewatch', repo: 'zonewatch' } as const;

const config: Configuration = {
  appId: 'com.zonewatch.app',
  productName: 'Zonewatch',
  copyright: 'Copyright © Zonewatch developers',
  directories: { output: 'dist', buildResources: 'resources' },
  // What runs, and only that: main, preload and the window's build, plus the production
  // dependencies main loads at run time (electron-builder adds those from package.json). Vite's
  // manifest, source maps and the sources, tests and docs some packages carry stay out.
  files: [
    'out/main/**',
    'out/preload/**',
    'out/renderer/**',
    '!out/renderer/.vite/**',
    'package.json',
    '!**/*.map',
    '!**/node_modules/**/*.{ts,mts,cts,tsx,md,markdown}',
    '!**/node_modules/**/{test,tests,__tests__,docs,doc,example,examples}/**',
    // better-sqlite3 ships SQLite's C sources and keeps its build's objects beside the addon; only
    // lib/ and build/Release/better_sqlite3.node run (test_extension.node is its own tests' addon).
    '!**/node_modules/better-sqlite3/{deps,src}/**',
    '!**/node_modules/better-sqlite3/build/{deps,Release/obj,Release/obj.target,Release/.deps}/**',
    '!**/node_modules/better-sqlite3/build/*.{mk,gypi,Makefile}',
    '!**/node_modules/better-sqlite3/build/Makefile',
    '!**/node_modules/better-sqlite3/build/Release/{test_extension.node,sqlite3.a}',
  ],
  // Tray icons and the app icon live outside the asar archive: main loads them from process.resourcesPath.
  extraResources: [{ from: 'resources', to: '.', filter: ['tray/**', 'icons/**', 'icon.png'] }],
  // A native addon (keytar's, better-sqlite3's) is loaded by the OS, which cannot read inside the asar archive.
  asarUnpack: ['**/*.node'],
  electronFuses,
  // A draft release per version: the workflow's three jobs fill it, a person publishes it, and only
  // then do installed copies see it (electron-updater reads published releases only).
  publish: [{ provider: 'github', owner: releaseRepository.owner, repo: releaseRepository.repo, releaseType: 'draft' }],
  // keytar is rebuilt against Electron's Node ABI for an installer; the package check turns this off.
  npmRebuild: true,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Network',
    icon: 'resources/icons',
    executableName: 'zonewatch',
    synopsis: 'Watch proxy-zone spend and control zones from the tray',
    desktop: { entry: { StartupWMClass: 'Zonewatch' } },
  },
  deb: {
    // libsecret for the keychain (keytar); the AppIndicator library for the tray icon on GNOME/KDE.
    depends: ['libsecret-1-0', 'libayatana-appindicator3-1 | libappindicator3-1', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6'],
  },
  mac: {
    // The dmg is what people install; the zip is what electron-updater installs an update from on macOS.
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ],
    category: 'public.app-category.utilities',
    icon: 'resources/icon.png',
    // A tray-only app: no Dock icon, no app switcher entry.
    extendInfo: { LSUIElement: true },
    hardenedRuntime: true,
    // Signed when CSC_LINK holds a Developer ID certificate and notarised when APPLE_ID,
    // APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID are set (the release workflow sets them from its
    // secrets, when they exist); otherwise electron-builder builds it unsigned and says so.
  },
  dmg: { title: 'Zonewatch ${version}' },
  win: { target: ['nsis'], icon: 'resources/icon.png' },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: false,
    createStartMenuShortcut: true,
    shortcutName: 'Zonewatch',
  },
};

export default config;
