// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the patches find and write the modules' own template literals as text
import path from "node:path";
import type { Plugin } from "vite";

/**
 * What antd and its parts say to screen readers, fixed in their code with no locale key to change it. Every icon is
 * labelled with its English file name ("user", "bell", "eye-invisible"), and that label was read as part of every
 * button's and menu item's name ("plus 新建问卷"). InputNumber's step buttons are "Increase Value" and "Decrease
 * Value", a table's selection boxes "Select all" and "Select row 3", Segmented "segmented control", and the close
 * buttons of dialogs and notifications "Close" where antd passes none of its own. The build rewrites those literals
 * in the modules that hold them: icons take Chinese names (src/lib/icon-labels.ts), and an icon beside a button's or
 * menu item's text is hidden as decoration. A rewrite that no longer finds its text (the library changed) fails the
 * build rather than letting the English back in quietly. icon-labels.test.ts applies every patch to the installed
 * modules; every axe check of the journeys (e2e/support/axe.ts) fails on an English label or an icon read before a
 * control's text. `vite` in development pre-bundles dependencies without this: only builds are patched.
 */
export interface DependencyPatch {
  /** The modules, by their path inside node_modules. */
  modules: readonly string[];
  /** Literal text and what replaces it; each must occur in the module. */
  replace: readonly (readonly [string, string])[];
  /** Statements put before the module's own (imports of ours the replacements use), given the web package's root. */
  prepend?: (root: string) => string;
}

export const DEPENDENCY_PATCHES: readonly DependencyPatch[] = [
  {
    // Each icon module draws through one or the other (most through the light one).
    modules: [
      "@ant-design/icons/es/components/AntdIcon.js",
      "@ant-design/icons/es/components/AntdIconLight.js",
    ],
    prepend: (root) =>
      `import { iconLabel as __wjgjIconLabel } from ${JSON.stringify(path.join(root, "src/lib/icon-labels.ts"))};\n`,
    replace: [['"aria-label": icon.name', '"aria-label": __wjgjIconLabel(icon.name)']],
  },
  {
    // A button with text is named by its text: its icon is decoration ("添加条件", not "加 添加条件"). An icon-only
    // button keeps the icon's label as its name, unless the page gives it one.
    modules: ["antd/es/button/Button.js"],
    replace: [
      [
        "React.createElement(IconWrapper, {\n    prefixCls: prefixCls,\n",
        'React.createElement(IconWrapper, {\n    prefixCls: prefixCls,\n    "aria-hidden": children || children === 0 ? true : undefined,\n',
      ],
    ],
  },
  {
    modules: ["antd/es/button/IconWrapper.js"],
    replace: [
      [
        "    style: style\n  }, children);",
        '    style: style,\n    "aria-hidden": props["aria-hidden"]\n  }, children);',
      ],
    ],
  },
  {
    // A menu item, like a button, is named by its label; its icon is decoration.
    modules: ["antd/es/menu/MenuItem.js"],
    replace: [
      [
        "cloneElement(icon, oriProps => ({\n    className: clsx(`${prefixCls}-item-icon`,",
        'cloneElement(icon, oriProps => ({\n    "aria-hidden": childrenLength > 0 ? true : oriProps["aria-hidden"],\n    className: clsx(`${prefixCls}-item-icon`,',
      ],
    ],
  },
  {
    modules: ["antd/es/menu/SubMenu.js"],
    replace: [
      [
        "cloneElement(icon, oriProps => ({\n      className: clsx(oriProps.className, `${prefixCls}-item-icon`,",
        'cloneElement(icon, oriProps => ({\n      "aria-hidden": title ? true : oriProps["aria-hidden"],\n      className: clsx(oriProps.className, `${prefixCls}-item-icon`,',
      ],
    ],
  },
  {
    modules: ["@rc-component/input-number/es/StepHandler.js"],
    replace: [["isUpAction ? 'Increase Value' : 'Decrease Value'", "isUpAction ? '增加' : '减少'"]],
  },
  {
    modules: ["antd/es/table/hooks/useSelection.js"],
    replace: [
      [
        "customizeSelections ? 'Custom selection' : 'Select all'",
        "customizeSelections ? '自定义选择' : '全选'",
      ],
      ["`Select row ${index + 1}`", "`选择第 ${index + 1} 行`"],
    ],
  },
  {
    modules: ["@rc-component/segmented/es/index.js"],
    replace: [['"aria-label": "segmented control"', '"aria-label": "分段选择"']],
  },
  {
    modules: ["@rc-component/dialog/es/Dialog/Content/Panel.js"],
    replace: [['"aria-label": "Close"', '"aria-label": "关闭"']],
  },
  {
    modules: ["@rc-component/notification/es/Notification.js"],
    replace: [['"aria-label": "Close"', '"aria-label": "关闭"']],
  },
];

/** The patch for a module's resolved path, if any. */
export function patchFor(id: string): DependencyPatch | undefined {
  const file = id.split("?")[0]?.replaceAll("\\", "/") ?? "";
  return DEPENDENCY_PATCHES.find((patch) =>
    patch.modules.some((module) => file.endsWith(`/node_modules/${module}`)),
  );
}

/** The module's code with the patch applied; throws when a literal it rewrites is not there. */
export function applyPatch(patch: DependencyPatch, code: string, id: string, root: string): string {
  let out = code;
  for (const [from, to] of patch.replace) {
    if (!out.includes(from))
      throw new Error(`localise-deps: ${id} no longer contains ${JSON.stringify(from)}; update the patch`);
    out = out.replaceAll(from, to);
  }
  return (patch.prepend?.(root) ?? "") + out;
}

/** Applies the patches wherever the modules are bundled: the SPA, and the site's server renderer. */
export function localiseDeps(): Plugin {
  let root = process.cwd();
  return {
    name: "wjgj:localise-deps",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const patch = patchFor(id);
      return patch ? { code: applyPatch(patch, code, id, root), map: null } : null;
    },
  };
}
