// The account page: sign up or sign in (a passkey first, a password as the fallback), and once signed
// in: rename, passkeys, password, signed-in devices, sign out (here or everywhere), delete. Every name
// is put in the page as text (textContent), never as markup.
import { api } from "./common/api.js";
import { $, el } from "./common/dom.js";
import { chosenLanguage, fillLanguages, language, loadStrings, setLanguage, t } from "./common/words.js";

// --- WebAuthn: the server's JSON options and the browser's credentials (base64url ⇄ bytes) ---

const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const text64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function creationOptions(options) {
  return {
    ...options,
    challenge: bytes(options.challenge),
    user: { ...options.user, id: bytes(options.user.id) },
    excludeCredentials: (options.excludeCredentials || []).map((c) => ({ ...c, id: bytes(c.id) })),
  };
}

function requestOptions(options) {
  return {
    ...options,
    challenge: bytes(options.challenge),
    allowCredentials: (options.allowCredentials || []).map((c) => ({ ...c, id: bytes(c.id) })),
  };
}

function credentialJson(credential) {
  const response = credential.response;
  const fields = { clientDataJSON: text64(response.clientDataJSON) };
  if (response.attestationObject) fields.attestationObject = text64(response.attestationObject);
  if (response.authenticatorData) fields.authenticatorData = text64(response.authenticatorData);
  if (response.signature) fields.signature = text64(response.signature);
  if (response.userHandle) fields.userHandle = text64(response.userHandle);
  if (response.getTransports) fields.transports = response.getTransports();
  return { id: credential.id, rawId: text64(credential.rawId), type: credential.type, response: fields };
}

// A passkey's relying party is a domain name: a page opened at an IP address (http://192.168.1.5:8000)
// offers the password only.
const byAddress = /^[\d.]+$|^\[/.test(location.hostname);
const passkeysWork = () => Boolean(window.PublicKeyCredential && navigator.credentials && window.isSecureContext) && !byAddress;

// --- answers ---------------------------------------------------------------------------------

const errorText = (answer) => answer.data?.error?.message || t("error_network");

function say(node, answer) {
  node.textContent = answer.ok ? "" : errorText(answer);
  return answer.ok;
}

function announce(key) {
  $("message").textContent = key ? t(key) : "";
}

/** Run a passkey ceremony: options from `start`, the browser's credential, the server's answer from `finish`. */
async function ceremony(start, body, make, finish) {
  const options = await api("POST", start, body);
  if (!options.ok) return options;
  let credential;
  try {
    credential = await make(options.data);
  } catch {
    return { ok: false, status: 0, data: { error: { message: t("account_passkey_cancelled") } } };
  }
  return api("POST", finish, { credential: credentialJson(credential) });
}

const createPasskey = (options) => navigator.credentials.create({ publicKey: creationOptions(options) });
const getPasskey = (options) => navigator.credentials.get({ publicKey: requestOptions(options) });

// --- drawing ---------------------------------------------------------------------------------

const when = (seconds) => new Date(seconds * 1000).toLocaleDateString(language, { dateStyle: "medium" });

function drawPasskeys(passkeys) {
  $("no-passkeys").hidden = passkeys.length > 0;
  $("passkeys").replaceChildren(...passkeys.map((key) => {
    const remove = el("button", { type: "button", class: "tool small", text: t("account_remove") });
    remove.addEventListener("click", async () => {
      if (say($("passkey-error"), await api("POST", "/api/account/passkeys/delete", { id: key.id }))) refresh();
    });
    return el("li", {}, el("span", { text: t("account_passkey_item", { device: key.device, date: when(key.created) }) }), remove);
  }));
}

function drawDevices(sessions) {
  $("devices").replaceChildren(...sessions.map((session) => {
    const label = t(session.current ? "account_this_device" : "account_device_item", { device: session.device, date: when(session.created) });
    const item = el("li", { "data-current": session.current ? "true" : null }, el("span", { text: label }));
    if (!session.current) {
      const end = el("button", { type: "button", class: "tool small", text: t("account_sign_out") });
      end.addEventListener("click", async () => {
        if ((await api("POST", "/api/account/sessions/end", { id: session.id })).ok) refresh();
      });
      item.append(end);
    }
    return item;
  }));
}

let account = { signed_in: false };

async function refresh() {
  const answer = await api("GET", "/api/account");
  if (!answer.ok) {
    $("message").textContent = errorText(answer);
    return;
  }
  account = answer.data;
  $("signed-out").hidden = account.signed_in;
  if (!account.signed_in && location.pathname === "/device") $("message").textContent = t("account_device_first");
  $("signed-in").hidden = !account.signed_in;
  if (account.signed_in) {
    $("account-name").textContent = account.name;
    if (location.pathname === "/device") $("device-code").focus();
    $("password-state").textContent = t(account.password ? "account_password_set" : "account_password_none");
    drawPasskeys(account.passkeys);
    drawDevices(account.sessions);
  }
  document.body.classList.add("ready");
}

// --- signed out ------------------------------------------------------------------------------

$("passkey-signin").hidden = !passkeysWork();
$("passkey-signup").hidden = !passkeysWork();

$("passkey-signin").addEventListener("click", async () => {
  const answer = await ceremony("/api/account/passkeys/signin", undefined, getPasskey, "/api/account/passkeys/signin/finish");
  if (say($("signin-error"), answer)) { announce("account_welcome"); refresh(); }
});

$("password-signin").addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await api("POST", "/api/account/signin", { name: $("signin-name").value, password: $("signin-password").value });
  $("signin-password").value = "";
  if (say($("signin-error"), answer)) { announce("account_welcome"); refresh(); }
});

async function signUpWithPassword() {
  const answer = await api("POST", "/api/account/signup", { name: $("signup-name").value, password: $("signup-password").value });
  $("signup-password").value = "";
  if (say($("signup-error"), answer)) { announce("account_created"); refresh(); }
}

// Enter in the form makes a passkey where the browser can (a secure context), else uses the password.
$("signup-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!passkeysWork()) return signUpWithPassword();
  const answer = await ceremony("/api/account/passkeys/register", { name: $("signup-name").value }, createPasskey, "/api/account/passkeys/register/finish");
  if (say($("signup-error"), answer)) { announce("account_created"); refresh(); }
});

$("password-signup").addEventListener("click", signUpWithPassword);

// --- signed in -------------------------------------------------------------------------------

$("rename-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (say($("rename-error"), await api("POST", "/api/account/name", { name: $("new-name").value }))) {
    $("new-name").value = "";
    announce("account_renamed");
    refresh();
  }
});

$("add-passkey").hidden = !passkeysWork();
$("add-passkey").addEventListener("click", async () => {
  const answer = await ceremony("/api/account/passkeys/register", {}, createPasskey, "/api/account/passkeys/register/finish");
  if (say($("passkey-error"), answer)) { announce("account_passkey_added"); refresh(); }
});

$("password-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await api("POST", "/api/account/password", { password: $("new-password").value });
  $("new-password").value = "";
  if (say($("password-error"), answer)) { announce("account_password_saved"); refresh(); }
});

$("device-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (say($("device-error"), await api("POST", "/api/account/device/confirm", { code: $("device-code").value }))) {
    $("device-code").value = "";
    announce("account_device_done");
  }
});

const signOut = (path) => async () => {
  if ((await api("POST", path)).ok) { announce("account_signed_out"); refresh(); }
};
$("sign-out").addEventListener("click", signOut("/api/account/signout"));
$("sign-out-everywhere").addEventListener("click", signOut("/api/account/signout-everywhere"));

$("delete-start").addEventListener("click", () => {
  $("delete-form").hidden = false;
  $("delete-start").hidden = true;
  $("delete-name").focus();
});
$("delete-cancel").addEventListener("click", () => {
  $("delete-form").hidden = true;
  $("delete-start").hidden = false;
  $("delete-start").focus();
});
$("delete-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (say($("delete-error"), await api("POST", "/api/account/delete", { name: $("delete-name").value }))) {
    $("delete-form").hidden = true;
    $("delete-start").hidden = false;
    announce("account_deleted");
    refresh();
  }
});

// --- the page --------------------------------------------------------------------------------

const data = await loadStrings(chosenLanguage());
const select = $("language");
fillLanguages(select, data.languages);
select.addEventListener("change", async () => { await setLanguage(select.value); refresh(); });
await refresh();
