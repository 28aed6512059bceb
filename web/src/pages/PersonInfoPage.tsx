export default function PersonInfoPage() {
  return <div className="page">PersonInfoPage</div>;
}
