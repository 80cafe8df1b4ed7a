/**
 * − [n] +: a product line's quantity, 0 … `max`. The buttons are disabled (and look it) at the bounds; a typed
 * number is kept inside them, anything but digits is ignored.
 */
export function QuantityStepper({
  name,
  value,
  max,
  disabled,
  onChange,
}: {
  /** The product's name: 「减少 文化衫 数量」. */
  name: string;
  value: number;
  max: number;
  disabled: boolean;
  onChange(quantity: number): void;
}) {
  const set = (quantity: number) => onChange(Math.max(0, Math.min(max, quantity)));
  const handleTyped = (input: HTMLInputElement) => {
    const digits = input.value.replace(/\D/g, "").slice(0, 5);
    const quantity = Math.max(0, Math.min(max, digits === "" ? 0 : Number(digits)));
    // A number clamped back to the current one changes no state, so the field is put right here (Preact keeps
    // what was typed otherwise).
    if (String(quantity) !== input.value) input.value = String(quantity);
    if (quantity !== value) onChange(quantity);
  };
  return (
    <div className={`wa-product-stepper${disabled ? " is-off" : ""}`}>
      <button
        type="button"
        className="wa-product-step"
        aria-label={`减少 ${name} 数量`}
        disabled={disabled || value <= 0}
        onClick={() => set(value - 1)}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        className="wa-product-qty"
        aria-label={`${name} 数量`}
        value={String(value)}
        disabled={disabled}
        onChange={(event) => handleTyped(event.currentTarget)}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button
        type="button"
        className="wa-product-step"
        aria-label={`增加 ${name} 数量`}
        disabled={disabled || value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </button>
    </div>
  );
}
