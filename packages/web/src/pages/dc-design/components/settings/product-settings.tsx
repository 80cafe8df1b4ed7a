import { PlusOutlined } from "@ant-design/icons";
import { PRODUCT_MAX_ITEMS, type ProductConfig, type QuestionOfType } from "@wjgj/core";
import { Button, Switch } from "antd";
import { useMemo } from "react";
import { minTotalProblem, newProductItem, productIssuesByPath } from "../../lib/product-items.ts";
import { editorActions } from "../../store/use-editor.ts";
import { editItems, type ItemIssues, ProductItemEditor } from "./product-item-editor.tsx";
import { YuanInput } from "./yuan-input.tsx";
import "./product-settings.css";

/** The messages of each product by the path below `items.<i>.`; the list's own under "". */
function splitIssues(byPath: Map<string, string[]>, count: number): { list: string[]; items: ItemIssues[] } {
  const items: Record<string, string[]>[] = Array.from({ length: count }, () => ({}));
  const list: string[] = [];
  for (const [path, messages] of byPath) {
    const match = /^items\.(\d+)\.(.+)$/.exec(path);
    const own = match ? items[Number(match[1])] : undefined;
    if (match && own) own[match[2] as string] = messages;
    else list.push(...messages);
  }
  return { list, items };
}

/**
 * 商品 settings (issue #41): the products on sale — name, price in 元 (stored in fen), stock, per-person limit,
 * picture and options such as 尺码 — with core's Chinese issues beside the fields they name; 起购金额 and
 * whether the answer page shows the stock left.
 */
export function ProductSettings({ question }: { question: QuestionOfType<"product"> }) {
  const config: ProductConfig = question.config;
  const { items } = config;
  const { list, items: itemIssues } = useMemo(
    () => splitIssues(productIssuesByPath(items), items.length),
    [items],
  );
  const full = items.length >= PRODUCT_MAX_ITEMS;

  return (
    <div className="dd-config dd-pd" data-testid="product-settings">
      <ol className="dd-pd-items">
        {items.map((item, i) => (
          <ProductItemEditor
            key={item.id}
            questionId={question.id}
            item={item}
            index={i}
            count={items.length}
            issues={itemIssues[i] ?? {}}
          />
        ))}
      </ol>
      {list.length > 0 ? (
        <ul className="dd-pd-issues" role="alert">
          {list.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="dd-pd-hint">一道商品题最多 {PRODUCT_MAX_ITEMS} 个商品</p>
      ) : (
        <Button
          block
          icon={<PlusOutlined />}
          onClick={() => editItems(question.id, "add", (current) => [...current, newProductItem(current)])}
        >
          添加商品
        </Button>
      )}
      <div className="dd-field dd-field--block">
        <span className="dd-field__label">起购金额（元）</span>
        <YuanInput
          label="起购金额"
          placeholder="不限"
          fen={config.minTotalFen}
          blank={undefined}
          problem={minTotalProblem}
          onFen={(minTotalFen) =>
            editorActions().patchConfig(question.id, { minTotalFen }, `config:${question.id}:minTotalFen`)
          }
        />
        <p className="dd-pd-hint">订单金额低于它时不能提交；留空表示不限</p>
      </div>
      <div className="dd-field">
        <span className="dd-field__label">显示剩余库存</span>
        <Switch
          size="small"
          aria-label="显示剩余库存"
          checked={config.showStock}
          onChange={(showStock) =>
            editorActions().patchConfig(question.id, { showStock }, `config:${question.id}:showStock`)
          }
        />
      </div>
    </div>
  );
}
