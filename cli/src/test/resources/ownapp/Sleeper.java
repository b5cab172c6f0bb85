/** An app that starts and never serves HTTP: for run --app-cmd's ready timeout. Run as a source file. */
public class Sleeper {
    public static void main(String[] args) throws InterruptedException {
        System.out.println("sleeping, not listening on " + String.join(" ", args));
        Thread.sleep(120_000);
    }
}
