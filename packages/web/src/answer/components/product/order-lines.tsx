import type { PricedLine } from "@wjgj/core/api/form-products";
import { fenToYuan } from "@wjgj/core/api/money";
import { choiceText } from "./product-lines.ts";
import "./product.css";

/** An order's lines (商品, 规格, 数量, 小计) and its 合计: the pay step's and the receipt's summary. */
export function OrderLines({ lines, totalFen }: { lines: readonly PricedLine[]; totalFen: number }) {
  return (
    <table className="wa-product-lines" data-testid="order-lines">
      <thead>
        <tr>
          <th scope="col">商品</th>
          <th scope="col">规格</th>
          <th scope="col">数量</th>
          <th scope="col">小计</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          // Lines have no id: one product may be bought in several options, in the order chosen.
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an order never move
          <tr key={index}>
            <td>{line.name}</td>
            <td>{line.variant ? choiceText(line.variant) : "—"}</td>
            <td>{line.quantity}</td>
            <td>¥{fenToYuan(line.amountFen)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            合计
          </th>
          <td>¥{fenToYuan(totalFen)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
