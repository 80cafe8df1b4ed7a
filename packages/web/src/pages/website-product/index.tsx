import { PRODUCT_LINKS } from "@wjgj/core";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { FigureList } from "../../components/site-blocks/figure-list.tsx";
import { FeatureIcon } from "./components/feature-icon.tsx";
import { FreeUseLink } from "./components/free-use-link.tsx";
import { ProductIllustration } from "./components/product-illustration.tsx";
import { productContent } from "./content/index.ts";
import { isProductSlug, type ProductContent } from "./product-content.ts";
import "../../components/site-blocks/site-blocks.css";
import "./website-product.css";

function Hero({ product }: { product: ProductContent }) {
  return (
    <section
      className={`wj-product__hero wj-site-tone wj-product__hero--${product.slug}`}
      aria-labelledby="product-title"
    >
      <div className="wj-product__hero-inner">
        <div className="wj-product__hero-text">
          <p className="wj-product__eyebrow">产品介绍 · {product.name}</p>
          <h1 id="product-title">{product.headline}</h1>
          <p className="wj-product__intro">{product.intro}</p>
          <div className="wj-site-actions">
            <FreeUseLink className="wj-site-button wj-product__button wj-product__button--primary" />
            <Link
              className="wj-site-button wj-product__button wj-product__button--ghost"
              to={product.secondary.to}
            >
              {product.secondary.label}
            </Link>
          </div>
        </div>
        <ProductIllustration slug={product.slug} alt={product.illustrationAlt} />
      </div>
    </section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="wj-product__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The seven product pages (/website/product/{slug}): one layout, content chosen by the path. */
export function WebsiteProductPage() {
  const slug = useLocation().pathname.split("/").filter(Boolean).pop()?.toLowerCase() ?? "";
  const product = productContent[isProductSlug(slug) ? slug : "search"];
  const others = PRODUCT_LINKS.filter((link) => !link.to.endsWith(`/${product.slug}`));

  return (
    <article className="wj-product" data-testid="product-page">
      <Hero product={product} />
      <FigureList
        items={product.highlights}
        className="wj-product__highlights"
        label={`${product.name}亮点`}
      />

      <Section id="product-features" title="核心功能">
        <ul className="wj-product__features">
          {product.features.map((feature) => (
            <li key={feature.title} className="wj-product__feature">
              <FeatureIcon name={feature.icon} />
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="product-steps" title="如何开始">
        <ol className="wj-product__steps">
          {product.steps.map((step, index) => (
            <li key={step.title}>
              <span className="wj-product__step-no" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="product-scenarios" title="适用场景">
        <ul className="wj-product__scenarios">
          {product.scenarios.map((scenario) => (
            <li key={scenario.title}>
              <h3>{scenario.title}</h3>
              <p>{scenario.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="product-faq" title="常见问题">
        <dl className="wj-product__faq">
          {product.faqs.map((faq) => (
            <div key={faq.question}>
              <dt>{faq.question}</dt>
              <dd>{faq.answer}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <section className="wj-product__cta" aria-labelledby="product-cta">
        <h2 id="product-cta">{product.ctaTitle}</h2>
        <p>注册即可免费使用，手机号登录，无需下载任何软件。</p>
        <FreeUseLink className="wj-site-button wj-product__button wj-product__button--primary" />
      </section>

      <nav className="wj-product__section wj-product__others" aria-labelledby="product-others">
        <h2 id="product-others">更多产品</h2>
        <ul>
          {others.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>
                <strong>{link.label}</strong>
                <span>{link.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
