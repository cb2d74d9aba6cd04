"""The words of the account page (``/account``) and of the link to it in the other pages' top bars."""

from __future__ import annotations

from golfcards.i18n import N_

ACCOUNT_STRINGS: dict[str, str] = {
    "account_link": N_("Sign in"),
    "account_title": N_("Your account"),
    "account_intro": N_(
        "An account is optional: sign in to keep your statistics, daily streak and six-card record on "
        "every device you play on."
    ),
    "account_sign_in": N_("Sign in"),
    "account_passkey_sign_in": N_("Sign in with a passkey"),
    "account_or_password": N_("Or with your name and password"),
    "account_name": N_("Name"),
    "account_password": N_("Password"),
    "account_create": N_("Create an account"),
    "account_create_note": N_("The games you played on this device join the new account."),
    "account_create_passkey": N_("Create with a passkey"),
    "account_password_optional": N_("Or a password (8 characters or more)"),
    "account_create_password": N_("Create with a password"),
    "account_signed_in_as": N_("Signed in as"),
    "account_new_name": N_("New name"),
    "account_rename": N_("Rename"),
    "account_sign_out": N_("Sign out"),
    "account_sign_out_everywhere": N_("Sign out everywhere"),
    "account_device_title": N_("Sign in a terminal"),
    "account_device_note": N_("In golf tui, choose “Sign in to a server”, then type here the code it shows."),
    "account_device_code": N_("Code"),
    "account_device_confirm": N_("Sign the terminal in"),
    "account_device_done": N_("The terminal is signed in."),
    "account_device_first": N_("Sign in here first, then type the code the terminal shows."),
    "account_passkeys": N_("Passkeys"),
    "account_no_passkeys": N_("No passkey yet: add one to sign in without a password."),
    "account_add_passkey": N_("Add a passkey on this device"),
    "account_passkey_item": N_("{device}, added {date}"),
    "account_remove": N_("Remove"),
    "account_password_set": N_("A password is set: you can sign in with it on any device."),
    "account_password_none": N_("No password: set one to sign in on a device without your passkey."),
    "account_new_password": N_("New password (8 characters or more)"),
    "account_set_password": N_("Set the password"),
    "account_devices": N_("Signed-in devices"),
    "account_this_device": N_("{device}, since {date} (this device)"),
    "account_device_item": N_("{device}, since {date}"),
    "account_delete": N_("Delete the account"),
    "account_delete_note": N_(
        "This deletes the account and everything played under it: statistics, daily entries and "
        "six-card record. It cannot be undone."
    ),
    "account_delete_start": N_("Delete the account…"),
    "account_delete_confirm": N_("Type your name to confirm"),
    "account_delete_final": N_("Delete for ever"),
    "account_passkey_cancelled": N_("No passkey was used: try again, or use a password."),
    "account_welcome": N_("You are signed in."),
    "account_created": N_("Your account is ready: you are signed in."),
    "account_renamed": N_("Your name is changed."),
    "account_passkey_added": N_("The passkey is added."),
    "account_password_saved": N_("The password is saved."),
    "account_signed_out": N_("You are signed out."),
    "account_deleted": N_("The account and its games are deleted."),
}
