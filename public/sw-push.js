// Placeholder: the push helper's branch replaces this file with the Web Push handlers
// (push, notificationclick). public/sw.js imports it first, so it must exist.
