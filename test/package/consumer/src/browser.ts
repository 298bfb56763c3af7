import { mountLouise, OPEN_SETTINGS_EVENT, type MountLouiseOptions } from "cms-toolkit/client";

const options: MountLouiseOptions = { versionedPageId: 1, autoSave: { debounceMs: 500 }, canPublish: false };
const handle = mountLouise(options);
document.addEventListener(OPEN_SETTINGS_EVENT, () => handle?.flush());
