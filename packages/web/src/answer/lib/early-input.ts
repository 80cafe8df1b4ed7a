type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Early = { value: string } | { checked: boolean };

const NOT_TYPED = new Set(["file", "hidden", "button", "submit", "reset", "image"]);

/** What the respondent changed in `field` against the server's markup, or null when nothing. */
function earlyInputOf(field: Element): Early | null {
  if (field instanceof HTMLSelectElement) {
    if (field.multiple) return null;
    const markup = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return field.value !== (markup?.value ?? "") ? { value: field.value } : null;
  }
  if (field instanceof HTMLTextAreaElement)
    return field.value !== field.defaultValue ? { value: field.value } : null;
  if (!(field instanceof HTMLInputElement) || NOT_TYPED.has(field.type)) return null;
  if (field.type === "checkbox" || field.type === "radio")
    return field.checked !== field.defaultChecked ? { checked: field.checked } : null;
  return field.value !== field.defaultValue ? { value: field.value } : null;
}

/**
 * Sets a controlled field the way typing (or picking) does. Hydration may have left the typed text in place
 * (and taken it as the field's known value), so the field is first emptied through its own setter, which
 * React watches; the text then goes in past React's watch and the event React listens to reports it.
 */
function typeInto(field: Field, value: string) {
  field.value = "";
  // The element class's own setter (HTMLInputElement, HTMLTextAreaElement or HTMLSelectElement), not the
  // one React puts on the element.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/**
 * Keeps what a respondent typed or ticked in the server-rendered form before React took it over. On a slow
 * network the page is readable — and its fields usable — seconds before the script arrives, and hydration
 * then puts every controlled field back to the page's state, which knows nothing of that input. Called
 * before hydrating `root`: notes the fields that already differ from the markup and any input until the
 * returned function runs (once hydration has committed), which replays each through the events React
 * listens to, so the answers take it (and piping, logic and the draft follow).
 */
export function keepEarlyInput(root: HTMLElement): () => void {
  const noted = new Map<Field, Early>();
  const note = (field: EventTarget | null) => {
    if (
      !(
        field instanceof HTMLInputElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement
      )
    )
      return;
    const early = earlyInputOf(field);
    if (early) noted.set(field, early);
    else noted.delete(field);
  };
  for (const field of root.querySelectorAll("input, textarea, select")) note(field);
  const onInput = (event: Event) => note(event.target);
  root.addEventListener("input", onInput, true);
  root.addEventListener("change", onInput, true);

  return () => {
    root.removeEventListener("input", onInput, true);
    root.removeEventListener("change", onInput, true);
    for (const [field, early] of noted) {
      if (!field.isConnected || field.disabled) continue;
      if ("value" in early) typeInto(field, early.value);
      else if (field instanceof HTMLInputElement) {
        // As for text: hydration may have kept the tick; set the other state where React watches, and
        // let a click (the respondent's gesture) put it back.
        field.checked = !early.checked;
        field.click();
      }
    }
    noted.clear();
  };
}
