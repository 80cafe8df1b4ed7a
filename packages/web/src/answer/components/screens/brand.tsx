/** The line under every respondent screen: who provides the service, linking to the site. */
export function Brand() {
  return (
    <footer className="wa-brand">
      <a href="/website/home">问卷管家</a> 提供技术支持
    </footer>
  );
}
