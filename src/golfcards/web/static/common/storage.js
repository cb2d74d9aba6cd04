// What the page keeps on this device (localStorage), read without ever breaking the page.

/** Read a JSON object from localStorage (an empty object when missing or unreadable). */
export function stored(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}
