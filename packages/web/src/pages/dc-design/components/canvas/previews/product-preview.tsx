import { fenToYuan, type QuestionOfType } from "@wjgj/core";
import "./product-preview.css";

/** How many products the card shows; the rest are counted. */
const SHOWN = 6;

/** 商品 on the canvas: the products as the respondent sees them, with a stepper at 0 and 「合计 ¥0.00」. */
export function ProductPreview({ question }: { question: QuestionOfType<"product"> }) {
  const { items, showStock, minTotalFen } = question.config;
  if (items.length === 0) return <div className="dd-note">还没有商品，请在右侧添加</div>;
  return (
    <div className="dd-pd-preview" aria-hidden="true">
      {items.slice(0, SHOWN).map((item) => (
        <div key={item.id} className="dd-pd-preview__item">
          {item.image ? (
            <img className="dd-pd-preview__image" src={item.image} alt="" loading="lazy" />
          ) : (
            <span className="dd-pd-preview__image dd-pd-preview__image--none" />
          )}
          <div className="dd-pd-preview__body">
            <span className="dd-pd-preview__name">{item.name || "（未命名商品）"}</span>
            {item.variants?.length ? (
              <small>
                {item.variants.map((variant) => `${variant.name}：${variant.values.join("/")}`).join("；")}
              </small>
            ) : null}
            <span className="dd-pd-preview__price">¥{fenToYuan(Math.max(0, item.priceFen))}</span>
            {showStock && item.stock !== undefined ? <small>剩余 {item.stock} 件</small> : null}
          </div>
          <span className="dd-pd-preview__stepper">
            <span>−</span>
            <span>0</span>
            <span>+</span>
          </span>
        </div>
      ))}
      {items.length > SHOWN ? (
        <div className="dd-pd-preview__more">还有 {items.length - SHOWN} 个商品</div>
      ) : null}
      <div className="dd-pd-preview__total">
        {minTotalFen ? <small>满 ¥{fenToYuan(minTotalFen)} 起购</small> : null}
        <span>
          合计 <strong>¥0.00</strong>
        </span>
      </div>
    </div>
  );
}
