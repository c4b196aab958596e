// Contract placeholder (replaced in this same session): /profilo page, default export, lazy-loaded by the router.
const ProfilePage = () => <h1>Profilo</h1>;
export default ProfilePage;
