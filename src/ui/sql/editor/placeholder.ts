import { monaco } from './monaco';

/**
 * Shows `text` over the first line while the editor's model is empty. Monaco's own placeholder
 * decides "empty" from the model's version id alone, so after switching to another model of the
 * same version (every tab's model starts at 1) it kept the previous model's answer and painted
 * the placeholder over the text of the tab.
 */
export function attachPlaceholder(editor: monaco.editor.ICodeEditor, text: string): monaco.IDisposable {
  const node = document.createElement('div');
  node.className = 'sql-editor-placeholder';
  node.textContent = text;
  node.setAttribute('aria-hidden', 'true');
  const widget: monaco.editor.IOverlayWidget = { getId: () => 'console.sqlPlaceholder', getDomNode: () => node, getPosition: () => null };
  const update = () => {
    node.hidden = (editor.getModel()?.getValueLength() ?? 0) > 0;
    const { contentLeft } = editor.getLayoutInfo();
    const font = editor.getOption(monaco.editor.EditorOption.fontInfo);
    Object.assign(node.style, { left: `${contentLeft}px`, fontFamily: font.fontFamily, fontSize: `${font.fontSize}px`, lineHeight: `${font.lineHeight}px` });
  };
  editor.addOverlayWidget(widget);
  update();
  const listeners = [editor.onDidChangeModel(update), editor.onDidChangeModelContent(update), editor.onDidLayoutChange(update)];
  return {
    dispose() {
      for (const listener of listeners) listener.dispose();
      editor.removeOverlayWidget(widget);
    },
  };
}
