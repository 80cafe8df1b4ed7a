import {
  questionaryKindInfos,
  questionarySorts,
  questionaryStatuses,
  questionaryStatusNames,
} from "@wjgj/core";
import { Input, Select } from "antd";
import { isOwnList, type ListFilters, sortNames } from "../list-filters.ts";

interface ListToolbarProps {
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>) => void;
}

const kindOptions = [
  { value: "", label: "全部类型" },
  ...questionaryKindInfos.map((info) => ({ value: info.kind, label: info.name })),
];
const statusOptions = [
  { value: "", label: "全部状态" },
  ...questionaryStatuses.map((status) => ({ value: status, label: questionaryStatusNames[status] })),
];
const sortOptions = questionarySorts.map((sort) => ({ value: sort, label: sortNames[sort] }));

/** Search by title, filter by kind and status, sort. The recycle bin only searches. */
export function ListToolbar({ filters, onChange }: ListToolbarProps) {
  const mine = isOwnList(filters.tab);
  return (
    <div className="wj-dclist__toolbar">
      <Input.Search
        key={`${filters.tab}:${filters.title}`}
        allowClear
        defaultValue={filters.title}
        placeholder={mine ? "搜索问卷名称" : "搜索回收站中的问卷"}
        maxLength={50}
        onSearch={(value) => onChange({ title: value.trim() })}
        className="wj-dclist__search"
        aria-label="搜索问卷名称"
      />
      {mine && (
        <div className="wj-dclist__selects">
          <Select
            aria-label="问卷类型"
            value={filters.kind}
            options={kindOptions}
            onChange={(kind) => onChange({ kind })}
            className="wj-dclist__select"
          />
          <Select
            aria-label="问卷状态"
            value={filters.status}
            options={statusOptions}
            onChange={(status) => onChange({ status })}
            className="wj-dclist__select"
          />
          <Select
            aria-label="排序方式"
            value={filters.sort}
            options={sortOptions}
            onChange={(sort) => onChange({ sort })}
            className="wj-dclist__select"
          />
        </div>
      )}
    </div>
  );
}
