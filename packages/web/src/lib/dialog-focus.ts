/**
 * Where focus lands when an antd Modal or Drawer opens (issue #21, WAI-ARIA dialog pattern). antd traps
 * focus, closes on Escape and hands focus back to the opener, but it puts first focus on a box: a Modal
 * focuses its dialog element once the zoom has ended, a Drawer its outer box, which is not even the dialog,
 * so a screen reader announces an unnamed group and a keyboard user is one Tab short of the first field.
 *
 * (Its focus lock may also pick the close button, the first control, before the motion ends.)
 *
 * One listener for every dialog of the app: when focus arrives in a dialog from outside it other than by a
 * click, and once the dialog has finished animating (antd moves focus again at the end of its motion, which
 * is what undid the first attempt), focus goes to the dialog's first field, or, when it has none, to the
 * dialog element, which is named by its title.
 */

const FIELD =
  'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), textarea:not([disabled]), select:not([disabled]), [contenteditable="true"]';
const SHELL = ".ant-modal-wrap, .ant-drawer";

/** The dialog's first field a person can reach, else the dialog itself (made focusable). */
export function initialDialogFocus(dialog: HTMLElement): HTMLElement {
  const field = [...dialog.querySelectorAll<HTMLElement>(FIELD)].find(
    (element) => !element.closest('[aria-hidden="true"], [hidden], [inert]'),
  );
  if (field) return field;
  if (!dialog.hasAttribute("tabindex")) dialog.tabIndex = -1;
  return dialog;
}

/** Whether `root` or anything in it is still moving (spinners and other endless animations aside). */
function animating(root: Element): boolean {
  // jsdom has no Web Animations; there nothing animates.
  return (root.getAnimations?.({ subtree: true }) ?? []).some(
    (animation) =>
      animation.playState === "running" &&
      animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
  );
}

/** How long a dialog may take to open before its first focus is left as antd put it. */
const OPENING_MS = 3000;

/** Starts watching `doc`; answers the function that stops it. */
export function watchDialogFocus(doc: Document): () => void {
  // A click on a dialog's blank area also focuses its box; that is the person's choice and stays.
  let pointerAt = 0;
  const handlePointerDown = () => {
    pointerAt = performance.now();
  };
  const handleFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || performance.now() - pointerAt < 500) return;
    const shell = target.closest(SHELL);
    // Only focus arriving from outside the dialog is its first focus; moves inside it are the person's.
    const from = event.relatedTarget;
    if (!shell || (from instanceof Node && shell.contains(from)) || target.matches(FIELD)) return;
    // antd may focus the box before the dialog inside it is even rendered or shown, and focuses again when
    // its motion ends; so the move waits, frame by frame, until the dialog is there, shown and still, and
    // checks that it took.
    const startedAt = performance.now();
    const place = () => {
      const active = doc.activeElement;
      const dialog = shell.isConnected ? shell.querySelector<HTMLElement>('[role="dialog"]') : null;
      const ready =
        dialog !== null &&
        dialog.checkVisibility?.({ visibilityProperty: true }) !== false &&
        !animating(shell);
      const first = ready ? initialDialogFocus(dialog) : null;
      // Done, or the person has moved on (tabbed, typed, closed the dialog): nothing to put right.
      if (
        active === first ||
        (active !== target && active !== doc.body && active !== dialog && active !== shell)
      )
        return;
      first?.focus();
      if (doc.activeElement !== first && performance.now() - startedAt < OPENING_MS)
        requestAnimationFrame(place);
    };
    requestAnimationFrame(place);
  };

  doc.addEventListener("pointerdown", handlePointerDown, true);
  doc.addEventListener("focusin", handleFocusIn);
  return () => {
    doc.removeEventListener("pointerdown", handlePointerDown, true);
    doc.removeEventListener("focusin", handleFocusIn);
  };
}
