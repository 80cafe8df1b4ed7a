import { CopyOutlined, DownloadOutlined } from "@ant-design/icons";
import type { StatCell, StatTable } from "@wjgj/core/stats-tables/table-model";
import { App, Button } from "antd";
import { copyTable, downloadTable } from "./table-export.ts";

function Cell({ cell, numeric }: { cell: StatCell; numeric: boolean | undefined }) {
  const className = numeric ? "wj-stat-table__num" : undefined;
  if (typeof cell === "string") return <td className={className}>{cell}</td>;
  return (
    <td className={className}>
      {cell.text}
      <sup className="wj-stat-table__letters">{cell.sup}</sup>
    </td>
  );
}

/**
 * A three-line table as papers print it: rules above and below the header and under the last row, figures
 * right-aligned, footnotes underneath. Scrolls sideways in its own box on a narrow screen.
 */
export function StatTableView({ table }: { table: StatTable }) {
  const { message } = App.useApp();
  const handleCopy = async () => {
    if (await copyTable(table)) void message.success("表格已复制，可直接粘贴到Word或Excel");
    else void message.error("复制失败，请使用下载表格");
  };
  return (
    <div className="wj-stat-table" data-testid={`analysis-table-${table.key}`}>
      <div className="wj-stat-table__head">
        <h4 className="wj-stat-table__title">{table.title}</h4>
        <span className="wj-stat-table__actions">
          <Button size="small" type="text" icon={<CopyOutlined />} onClick={() => void handleCopy()}>
            复制表格
          </Button>
          <Button size="small" type="text" icon={<DownloadOutlined />} onClick={() => downloadTable(table)}>
            下载表格
          </Button>
        </span>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard. */}
      <section className="wj-stat-table__scroll" aria-label={`${table.title}（可左右滚动）`} tabIndex={0}>
        <table className="wj-stat-table__table">
          <thead>
            <tr>
              {table.columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by the table; titles may be blank.
                <th key={i} className={column.numeric ? "wj-stat-table__num" : undefined}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) =>
              "cells" in row ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are a static rendering of one result.
                <tr key={r}>
                  {row.cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                    <Cell key={i} cell={cell} numeric={table.columns[i]?.numeric} />
                  ))}
                </tr>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are a static rendering of one result.
                <tr key={r} className="wj-stat-table__error-row">
                  {row.lead.map((text, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                    <td key={i}>{text}</td>
                  ))}
                  <td
                    colSpan={Math.max(1, table.columns.length - row.lead.length)}
                    className="wj-stat-table__error"
                  >
                    {row.message}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </section>
      {table.notes.length > 0 && (
        <ul className="wj-stat-table__notes">
          {table.notes.map((note) => (
            <li key={note}>注：{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
