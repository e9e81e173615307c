// The Activity's page inside Discord (bot/web/activity.py): Discord's Embedded App SDK (discord-sdk.js) says
// hello to Discord, asks the player's consent (a code), the server signs them in with it (api/token), Discord
// gets the access token, and the game's page opens. Every address is relative: behind Discord's proxy the
// page is at /.proxy/ (or the root), and everything it loads follows.
"use strict";

(() => {
  const status = document.getElementById("status");
  const say = (text) => {
    status.textContent = text;
  };
  const clientId = document.body.dataset.clientId;

  async function signIn(discord) {
    await discord.ready();
    say(status.dataset.signingIn);
    const { code } = await discord.commands.authorize({
      client_id: clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    });
    const answer = await fetch("api/token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code, instance_id: discord.instanceId }),
      credentials: "same-origin",
      cache: "no-store",
    });
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      say(body.error || status.dataset.refused);
      return;
    }
    await discord.commands.authenticate({ access_token: body.access_token });
    window.location.replace(body.page);
  }

  let discord;
  try {
    discord = new MesaDiscord.DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch {
    say(status.dataset.outside); // not inside Discord's frame (no frame_id, instance_id, platform)
    return;
  }
  signIn(discord).catch(() => say(status.dataset.refused));
})();
