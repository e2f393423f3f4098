export { LoginPage, RegisterPage } from "./auth-pages";
export { ChatPage, CONVERSATION_URL } from "./chat-page";
export { SettingsPage } from "./settings-page";
