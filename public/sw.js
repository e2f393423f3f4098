// Placeholder service worker: only the push reminder handlers. The offline work (app-shell
// caching, the offline queue) replaces this file and keeps this line at its top.
importScripts("/sw-push.js");
