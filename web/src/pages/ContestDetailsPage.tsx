export default function ContestDetailsPage() {
  return <div className="page">ContestDetailsPage</div>;
}
