import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('zonewatchVersion', '0.1.0');
