export default function ContestListPage() {
  return <div className="page">ContestListPage</div>;
}
