// Every lazily loaded input, registered at once: the server renderer (answer/ssr.tsx) and the logged-in app's
// read-only view, which render any type synchronously.
import { advancedFields } from "./advanced-group.ts";
import { bookingFields } from "./booking-group.ts";
import { matrixFields } from "./matrix-group.ts";
import { productFields } from "./product-group.ts";
import { ratingFields } from "./rating-group.ts";
import { registerFields } from "./registry.ts";
import { textFields } from "./text-group.ts";

registerFields({
  ...textFields,
  ...ratingFields,
  ...matrixFields,
  ...advancedFields,
  ...bookingFields,
  ...productFields,
});
