# Installers: `npx electron-builder --linux` (AppImage, deb), `--mac` (dmg), `--win` (NSIS), after
# `npm run build`. electron-builder downloads Electron's binaries and its packaging tools, so this
# needs network access to GitHub releases (see docs/desktop.md › Packaging).
appId: com.zonewatch.app
productName: Zonewatch
copyright: Copyright © Zonewatch developers
directories:
  output: dist
  buildResources: resources
files:
  - out/**
  - package.json
  - "!**/*.map"
# Tray icons and the app icon live outside the asar archive: main loads them from
# process.resourcesPath (electron/main/index.ts).
extraResources:
  - from: resources
    to: .
    filter:
      - tray/**
      - icons/**
      - icon.png
# keytar is a native module: it must be outside the asar to be loaded.
asarUnpack:
  - node_modules/keytar/**
npmRebuild: true
linux:
  target:
    - AppImage
    - deb
  category: Network
  icon: resources/icons
  executableName: zonewatch
  synopsis: Watch proxy-zone spend and control zones from the tray
  desktop:
    entry:
      StartupWMClass: Zonewatch
deb:
  # libsecret for the keychain (keytar); the AppIndicator library for the tray icon on GNOME/KDE.
  depends:
    - libsecret-1-0
    - libayatana-appindicator3-1 | libappindicator3-1
    - libnotify4
    - libnss3
    - libxss1
    - libxtst6
mac:
  target:
    - dmg
  category: public.app-category.utilities
  icon: resources/icon.png
  # A tray-only app: no Dock icon, no app switcher entry.
  extendInfo:
    LSUIElement: true
  hardenedRuntime: true
dmg:
  title: Zonewatch ${version}
win:
  target:
    - nsis
  icon: resources/icon.png
nsis:
  oneClick: false
  perMachine: false
  allowToChangeInstallationDirectory: true
  createDesktopShortcut: false
  createStartMenuShortcut: true
  shortcutName: Zonewatch
