// What the Activity page (bot/web/static/activity.js) uses of Discord's Embedded App SDK: its one class,
// as the global MesaDiscord.DiscordSDK.
export { DiscordSDK } from "@discord/embedded-app-sdk";
