import { PRODUCT_LINKS } from "@wjgj/core";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { productContent } from "./content/index.ts";
import { WebsiteProductPage } from "./index.tsx";

// The server's website tests render each /website/product/{slug} from the menu's list (core's PRODUCT_LINKS);
// what each page says is this package's, checked here.
describe("the seven product pages", () => {
  it("have one content entry per product in the menu, under the menu's name", () => {
    expect(Object.values(productContent).map((p) => [`/website/product/${p.slug}`, p.name])).toEqual(
      PRODUCT_LINKS.map((link) => [link.to, link.label]),
    );
  });

  it.each(Object.values(productContent))(
    "/website/product/$slug shows its own headline, picture and features",
    (product) => {
      const html = renderToString(
        <MemoryRouter initialEntries={[`/website/product/${product.slug}`]}>
          <WebsiteProductPage />
        </MemoryRouter>,
      );
      expect(html).toContain(`<h1 id="product-title">${product.headline}</h1>`);
      expect(html).toMatch(/<a[^>]*href="\/loginone"[^>]*>免费使用<\/a>/);
      expect(html).toContain(`aria-label="${product.illustrationAlt}"`);
      for (const feature of product.features) expect(html).toContain(`<h3>${feature.title}</h3>`);
    },
  );
});
