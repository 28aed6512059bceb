export default function HistoryPage() {
  return <div className="page">HistoryPage</div>;
}
