import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.List;

/**
 * Kassa's MongoDB test server: mongo-java-server (single-document atomicity, unique indexes) on
 * 127.0.0.1, its data in memory or in an H2 file that outlives a restart.
 *
 * Usage: java -cp classes:lib/* KassaMongoTestServer <port> memory
 *        java -cp classes:lib/* KassaMongoTestServer <port> h2 <file>
 * Prints "listening on <port>" once it accepts connections; SIGTERM stops it (the H2 file is
 * committed and closed first).
 */
public final class KassaMongoTestServer {
  /** MongoDB 6.0 (wire version 17): the mongodb driver 7 refuses the wire version 8 reported by default. */
  private static final MongoVersion MONGO_6_0 = new MongoVersion() {
    @Override
    public List<Integer> getVersionArray() {
      return List.of(6, 0, 0);
    }

    @Override
    public int getWireVersion() {
      return 17;
    }
  };

  public static void main(String[] args) {
    if (args.length < 2 || ("h2".equals(args[1]) && args.length < 3)) {
      System.err.println("usage: KassaMongoTestServer <port> memory | <port> h2 <file>");
      System.exit(2);
    }
    int port = Integer.parseInt(args[0]);
    MongoBackend backend = "h2".equals(args[1]) ? new H2Backend(args[2]) : new MemoryBackend();
    backend.version(MONGO_6_0);
    MongoServer server = new MongoServer(backend);
    server.bind("127.0.0.1", port);
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdown));
    System.out.println("listening on " + server.getLocalAddress().getPort());
  }
}
