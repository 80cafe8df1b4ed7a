import { FilterOutlined } from "@ant-design/icons";
import { Button, Space, Tag } from "antd";
import { lazy, Suspense, useState } from "react";
import { useResults } from "../../hooks/results-context.ts";
import { filterParts, isFilterActive } from "../../lib/filter-model.ts";

// The condition builder comes from the designer; it loads when the dialog first opens.
const FilterDialog = lazy(() => import("./filter-dialog.tsx").then((m) => ({ default: m.FilterDialog })));

/** 筛选 button and, while a filter is in force, the 已筛选 chip that clears it. */
export function FilterBar() {
  const { filter, setFilter } = useResults();
  const [open, setOpen] = useState(false);
  const active = isFilterActive(filter);
  return (
    <Space size={8} className="wj-filter-bar">
      {active && (
        <Tag
          color="blue"
          closable
          closeIcon
          data-testid="filter-chip"
          className="wj-filter-bar__chip"
          onClose={() => setFilter({})}
        >
          已筛选：{filterParts(filter).join("，")}
        </Tag>
      )}
      <Button icon={<FilterOutlined />} type={active ? "primary" : "default"} onClick={() => setOpen(true)}>
        筛选
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FilterDialog
            filter={filter}
            onApply={(next) => {
              setFilter(next);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Space>
  );
}
